// Type-level natural-number arithmetic on decimal digits (little-endian digit tuples), for the trait
// formulas (stride = n / E, N/2 + 1, workgroup bytes = n * bytes * slots). Cost is O(digits) per
// operation, so it works unchanged up to 2^24 and beyond; unary tuple arithmetic would hit the
// 10,000-element tuple cap. Every exported operation is guarded: anything that is not a single
// non-negative integer literal gives `number`, never an error or `never`. Internal, never re-exported.

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type Ds = Digit[];

/** Digit -> unary tuple (at most 9 elements). */
type U = [[], [0], [0, 0], [0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 0, 0]];
type Ten = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/** Sum (0..19) -> [low digit, carry]. */
type SumDigit = [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0], [9, 0], [0, 1], [1, 1], [2, 1], [3, 1], [4, 1], [5, 1], [6, 1], [7, 1], [8, 1], [9, 1]];
/** a * b for digits, as [low digit, high digit]. */
type Times = [
  [[0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]],
  [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0], [9, 0]],
  [[0, 0], [2, 0], [4, 0], [6, 0], [8, 0], [0, 1], [2, 1], [4, 1], [6, 1], [8, 1]],
  [[0, 0], [3, 0], [6, 0], [9, 0], [2, 1], [5, 1], [8, 1], [1, 2], [4, 2], [7, 2]],
  [[0, 0], [4, 0], [8, 0], [2, 1], [6, 1], [0, 2], [4, 2], [8, 2], [2, 3], [6, 3]],
  [[0, 0], [5, 0], [0, 1], [5, 1], [0, 2], [5, 2], [0, 3], [5, 3], [0, 4], [5, 4]],
  [[0, 0], [6, 0], [2, 1], [8, 1], [4, 2], [0, 3], [6, 3], [2, 4], [8, 4], [4, 5]],
  [[0, 0], [7, 0], [4, 1], [1, 2], [8, 2], [5, 3], [2, 4], [9, 4], [6, 5], [3, 6]],
  [[0, 0], [8, 0], [6, 1], [4, 2], [2, 3], [0, 4], [8, 4], [6, 5], [4, 6], [2, 7]],
  [[0, 0], [9, 0], [8, 1], [7, 2], [6, 3], [5, 4], [4, 5], [3, 6], [2, 7], [1, 8]],
];

type Head<A extends Ds> = A extends [infer H extends Digit, ...Ds] ? H : 0;
type Tail<A extends Ds> = A extends [Digit, ...infer T extends Ds] ? T : [];

/** "1024" -> [4, 2, 0, 1]. */
type ToDs<S extends string, Acc extends Ds = []> = S extends `${infer H extends Digit}${infer T}` ? ToDs<T, [H, ...Acc]> : Acc;
/** Drops high zero digits. */
type Trim<A extends Ds> = A extends [...infer R extends Ds, 0] ? Trim<R> : A;
type ToStr<A extends Ds, S extends string = ''> = A extends [infer H extends Digit, ...infer T extends Ds] ? ToStr<T, `${H}${S}`> : S;
type ToNum<A extends Ds> = Trim<A> extends infer T extends Ds
  ? T extends []
    ? 0
    : ToStr<T> extends `${infer N extends number}`
      ? N
      : never
  : never;
type Nat<N extends number> = ToDs<`${N}`>;

type AddDigit<A extends Digit, B extends Digit, C extends 0 | 1> = SumDigit[[...U[A], ...U[B], ...U[C]]['length'] & number];

type AddDs<A extends Ds, B extends Ds, C extends 0 | 1 = 0, Out extends Ds = []> = [A, B, C] extends [[], [], 0]
  ? Out
  : AddDigit<Head<A>, Head<B>, C> extends [infer S extends Digit, infer C2 extends 0 | 1]
    ? AddDs<Tail<A>, Tail<B>, C2, [...Out, S]>
    : never;

/** a - b - borrow for digits, as [digit, borrow]. */
type SubDigit<A extends Digit, B extends Digit, C extends 0 | 1> = U[A] extends [...U[B], ...U[C], ...infer R]
  ? [R['length'] & Digit, 0]
  : [...U[A], ...Ten] extends [...U[B], ...U[C], ...infer R]
    ? [R['length'] & Digit, 1]
    : never;

/** A - B for A >= B. */
type SubDs<A extends Ds, B extends Ds, C extends 0 | 1 = 0, Out extends Ds = []> = A extends []
  ? Out
  : SubDigit<Head<A>, Head<B>, C> extends [infer S extends Digit, infer C2 extends 0 | 1]
    ? SubDs<Tail<A>, Tail<B>, C2, [...Out, S]>
    : never;

/** A * d for one digit d. */
type MulDigitDs<A extends Ds, D extends Digit, C extends Digit = 0, Out extends Ds = []> = A extends []
  ? C extends 0
    ? Out
    : [...Out, C]
  : Times[Head<A>][D] extends [infer Lo extends Digit, infer Hi extends Digit]
    ? AddDigit<Lo, C, 0> extends [infer S extends Digit, infer K extends 0 | 1]
      ? MulDigitDs<Tail<A>, D, AddDigit<Hi, 0, K>[0], [...Out, S]>
      : never
    : never;

type MulDs<A extends Ds, B extends Ds, Shift extends 0[] = [], Acc extends Ds = []> = B extends []
  ? Acc
  : MulDigitDs<A, Head<B>> extends infer P extends Ds
    ? AddDs<Acc, [...Shift, ...P]> extends infer S extends Ds
      ? MulDs<A, Tail<B>, [...Shift, 0], S>
      : never
    : never;

type CmpDigit<A extends Digit, B extends Digit> = A extends B ? 0 : U[A] extends [...U[B], ...unknown[]] ? 1 : -1;
/** Compares digit tuples of equal length from the most significant digit. */
type CmpSameLength<A extends Ds, B extends Ds> = [A, B] extends [[...infer AR extends Ds, infer AH extends Digit], [...infer BR extends Ds, infer BH extends Digit]]
  ? CmpDigit<AH, BH> extends 0
    ? CmpSameLength<AR, BR>
    : CmpDigit<AH, BH>
  : 0;
type Blank<T extends unknown[]> = { [K in keyof T]: unknown };
type LengthCmp<A extends unknown[], B extends unknown[]> = A['length'] extends B['length'] ? 0 : A extends [...Blank<B>, ...unknown[]] ? 1 : -1;
type CmpDs<A extends Ds, B extends Ds> = [Trim<A>, Trim<B>] extends [infer TA extends Ds, infer TB extends Ds]
  ? LengthCmp<TA, TB> extends 0
    ? CmpSameLength<TA, TB>
    : LengthCmp<TA, TB>
  : never;

/** Multiples 0..9 of B, for long division. */
type MultiplesOf<B extends Ds> = [[], MulDigitDs<B, 1>, MulDigitDs<B, 2>, MulDigitDs<B, 3>, MulDigitDs<B, 4>, MulDigitDs<B, 5>, MulDigitDs<B, 6>, MulDigitDs<B, 7>, MulDigitDs<B, 8>, MulDigitDs<B, 9>];
/** Largest q with q * B <= R, with the remainder R - q * B. */
type QuotientDigit<R extends Ds, M extends Ds[], Q extends Digit[] = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]> = Q extends [infer q extends Digit, ...infer Rest extends Digit[]]
  ? CmpDs<M[q], R> extends 1
    ? QuotientDigit<R, M, Rest>
    : [q, SubDs<R, M[q]>]
  : [0, R];
/** Long division from the most significant digit of A; returns [quotient, remainder]. */
type DivDs<A extends Ds, M extends Ds[], R extends Ds = [], Q extends Ds = []> = A extends [...infer Rest extends Ds, infer Top extends Digit]
  ? QuotientDigit<Trim<[Top, ...R]>, M> extends [infer q extends Digit, infer R2 extends Ds]
    ? DivDs<Rest, M, R2, [q, ...Q]>
    : never
  : [Q, R];

/** floor((10 * carry + d) / 2) and its remainder, for halving from the most significant digit. */
type HalfStep = [
  [[0, 0], [0, 1], [1, 0], [1, 1], [2, 0], [2, 1], [3, 0], [3, 1], [4, 0], [4, 1]],
  [[5, 0], [5, 1], [6, 0], [6, 1], [7, 0], [7, 1], [8, 0], [8, 1], [9, 0], [9, 1]],
];
type HalfDs<A extends Ds, C extends 0 | 1 = 0, Q extends Ds = []> = A extends [...infer Rest extends Ds, infer Top extends Digit]
  ? HalfStep[C][Top] extends [infer q extends Digit, infer r extends 0 | 1]
    ? HalfDs<Rest, r, [q, ...Q]>
    : never
  : Q;

type IsUnion<T, A = T> = T extends unknown ? ([A] extends [T] ? false : true) : never;

/** True for a single non-negative integer literal (not `number`, not a union, not 1.5 or -1). */
export type IsNat<N> = [N] extends [number]
  ? number extends N
    ? false
    : IsUnion<N> extends true
      ? false
      : `${N}` extends `${bigint}`
        ? `${N}` extends `-${string}`
          ? false
          : true
        : false
  : false;

/** `Then` when every input is a natural literal, else `number`. */
type Guard<Ns extends unknown[], Then> = false extends { [K in keyof Ns]: IsNat<Ns[K]> }[number] ? number : Then;

export type Add<A extends number, B extends number> = Guard<[A, B], ToNum<AddDs<Nat<A>, Nat<B>>>>;
/** A - B, or 0 when B > A. */
export type Sub<A extends number, B extends number> = Guard<[A, B], CmpDs<Nat<A>, Nat<B>> extends -1 ? 0 : ToNum<SubDs<Nat<A>, Nat<B>>>>;
/** Shortcuts for the common factors 0 and 1 before digit arithmetic. */
export type Mul<A extends number, B extends number> = Guard<[A, B], A extends 1 ? B : B extends 1 ? A : A extends 0 ? 0 : B extends 0 ? 0 : ToNum<MulDs<Nat<A>, Nat<B>>>>;
/** Floor division (B > 0). */
export type Div<A extends number, B extends number> = Guard<[A, B], DivDs<Nat<A>, MultiplesOf<Nat<B>>> extends [infer Q extends Ds, Ds] ? ToNum<Q> : never>;
export type Mod<A extends number, B extends number> = Guard<[A, B], DivDs<Nat<A>, MultiplesOf<Nat<B>>> extends [Ds, infer R extends Ds] ? ToNum<R> : never>;
/** -1, 0 or 1; `number` for non-literals. */
export type Compare<A extends number, B extends number> = Guard<[A, B], [A] extends [B] ? 0 : CmpDs<Nat<A>, Nat<B>>>;
/** A > B as a boolean literal, `boolean` for non-literals. */
export type Gt<A extends number, B extends number> = Compare<A, B> extends infer C ? (number extends C ? boolean : C extends 1 ? true : false) : never;
export type Lt<A extends number, B extends number> = Compare<A, B> extends infer C ? (number extends C ? boolean : C extends -1 ? true : false) : never;
export type IsEven<N extends number> = IsNat<N> extends true ? (`${N}` extends `${string}${0 | 2 | 4 | 6 | 8}` ? true : false) : boolean;
/** floor(N / 2). */
export type Half<N extends number> = Guard<[N], ToNum<HalfDs<Nat<N>>>>;

type Pow2List = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304, 8388608, 16777216, 33554432, 67108864, 134217728, 268435456, 536870912, 1073741824, 2147483648, 4294967296, 8589934592, 17179869184, 34359738368, 68719476736, 137438953472, 274877906944, 549755813888, 1099511627776, 2199023255552, 4398046511104, 8796093022208, 17592186044416, 35184372088832, 70368744177664, 140737488355328, 281474976710656, 562949953421312, 1125899906842624, 2251799813685248, 4503599627370496, 9007199254740992];
/** Smallest power of two >= N. */
export type CeilPow2<N extends number, L extends number[] = Pow2List> = IsNat<N> extends true
  ? L extends [infer P extends number, ...infer R extends number[]]
    ? Compare<P, N> extends -1
      ? CeilPow2<N, R>
      : P
    : number
  : number;
