// The internal digit arithmetic the trait formulas use: exact literals up to 2^24 and beyond, and
// `number` (never an error or `never`) for anything that is not one non-negative integer literal.
import { expect, test } from 'tstyche';
import type { Add, CeilPow2, Compare, Div, Half, IsEven, Mod, Mul, Sub } from '../descriptors/types/nat.js';

test('exact at 2^24 scale', () => {
  expect<Mul<16777216, 64>>().type.toBe<1073741824>();
  expect<Div<16777216, 64>>().type.toBe<262144>();
  expect<Div<16777215, 1000>>().type.toBe<16777>();
  expect<Mod<16777215, 1000>>().type.toBe<215>();
  expect<Half<16777217>>().type.toBe<8388608>();
  expect<Add<Half<16777216>, 1>>().type.toBe<8388609>();
  expect<Sub<16777216, 1>>().type.toBe<16777215>();
  expect<Compare<16777216, 16777215>>().type.toBe<1>();
  expect<CeilPow2<16777215>>().type.toBe<16777216>();
  expect<IsEven<16777217>>().type.toBe<false>();
});

test('small values and shortcuts', () => {
  expect<Add<999, 1>>().type.toBe<1000>();
  expect<Mul<4096, 8>>().type.toBe<32768>();
  expect<Mul<0, 8>>().type.toBe<0>();
  expect<Mul<1, 77>>().type.toBe<77>();
  expect<Div<7, 8>>().type.toBe<0>();
  expect<Sub<1, 1000>>().type.toBe<0>();
  expect<Compare<10, 10>>().type.toBe<0>();
  expect<CeilPow2<97>>().type.toBe<128>();
});

test('non-literals widen to number', () => {
  expect<Mul<number, 2>>().type.toBe<number>();
  expect<Div<2 | 4, 2>>().type.toBe<number>();
  expect<Add<1.5, 1>>().type.toBe<number>();
  expect<Half<-4>>().type.toBe<number>();
  expect<IsEven<number>>().type.toBe<boolean>();
});
