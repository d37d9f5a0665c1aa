// What the Vulkan driver makes of a compute shader: builds a pipeline from a SPIR-V file with
// VK_KHR_pipeline_executable_properties and prints the driver's statistics for it (NVIDIA's driver
// 580 reports registers per invocation, binary size, stack size (spills) and shared memory; its
// "Local Memory Size" reads 2^36 for every pipeline), and writes any internal representation the
// driver offers next to the file (NVIDIA's offers none).
// Dawn's SPIR-V (scripts/driver-stats/run.sh) declares its bindings; this tool reflects them from the
// module so that the pipeline layout matches, enables every feature the device offers, and never
// dispatches anything.
//   cc -O1 -I <vulkan headers> pipeline-stats.c -o pipeline-stats -ldl
//   ./pipeline-stats shader.spv [more.spv ...]
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

#define MAX_BINDINGS 64

// VK_KHR_shader_maximal_reconvergence (Dawn's SPIR-V asks for it), spelled out for older headers.
typedef struct {
  VkStructureType sType;
  void *pNext;
  VkBool32 shaderMaximalReconvergence;
} MaximalReconvergenceFeatures;
#define MAXIMAL_RECONVERGENCE_FEATURES ((VkStructureType)1000434000)

static PFN_vkGetInstanceProcAddr getInstanceProc;

static void *must(void *p, const char *what) {
  if (!p) {
    fprintf(stderr, "pipeline-stats: %s unavailable\n", what);
    exit(2);
  }
  return p;
}

static void check(VkResult r, const char *what) {
  if (r != VK_SUCCESS) {
    fprintf(stderr, "pipeline-stats: %s failed (VkResult %d)\n", what, (int)r);
    exit(2);
  }
}

static uint32_t *readWords(const char *path, size_t *count) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  fseek(f, 0, SEEK_END);
  long bytes = ftell(f);
  fseek(f, 0, SEEK_SET);
  uint32_t *words = malloc((size_t)bytes);
  if (fread(words, 1, (size_t)bytes, f) != (size_t)bytes) bytes = 0;
  fclose(f);
  *count = (size_t)bytes / 4;
  return words;
}

typedef struct {
  uint32_t id, set, binding, storageClass;
  int hasSet, hasBinding, isVariable;
} Reflected;

// The descriptor bindings and push-constant use of a SPIR-V module (OpDecorate DescriptorSet /
// Binding on OpVariables of the Uniform and StorageBuffer classes).
static int reflect(const uint32_t *w, size_t n, Reflected *out, int *pushConstants) {
  enum { OpVariable = 59, OpDecorate = 71, DecBinding = 33, DecSet = 34, Uniform = 2, PushConstant = 9, StorageBuffer = 12 };
  Reflected all[4096];
  int count = 0;
  *pushConstants = 0;
  for (size_t i = 5; i < n;) {
    uint32_t op = w[i] & 0xffff, len = w[i] >> 16;
    if (len == 0) break;
    if (op == OpDecorate || op == OpVariable) {
      uint32_t id = op == OpDecorate ? w[i + 1] : w[i + 2];
      int k = 0;
      while (k < count && all[k].id != id) k++;
      if (k == count && count < 4096) memset(&all[count++], 0, sizeof(Reflected)), all[k].id = id;
      if (op == OpDecorate && w[i + 2] == DecSet) all[k].set = w[i + 3], all[k].hasSet = 1;
      if (op == OpDecorate && w[i + 2] == DecBinding) all[k].binding = w[i + 3], all[k].hasBinding = 1;
      if (op == OpVariable) {
        all[k].storageClass = w[i + 3], all[k].isVariable = 1;
        if (w[i + 3] == PushConstant) *pushConstants = 1;
      }
    }
    i += len;
  }
  int m = 0;
  for (int k = 0; k < count; k++)
    if (all[k].isVariable && all[k].hasSet && all[k].hasBinding && (all[k].storageClass == Uniform || all[k].storageClass == StorageBuffer) && m < MAX_BINDINGS)
      out[m++] = all[k];
  return m;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: pipeline-stats shader.spv [more.spv ...]\n");
    return 1;
  }
  void *lib = must(dlopen("libvulkan.so.1", RTLD_NOW), "libvulkan.so.1");
  getInstanceProc = (PFN_vkGetInstanceProcAddr)must(dlsym(lib, "vkGetInstanceProcAddr"), "vkGetInstanceProcAddr");
#define INSTANCE_FN(inst, name) PFN_##name name = (PFN_##name)must(getInstanceProc(inst, #name), #name)
  INSTANCE_FN(NULL, vkCreateInstance);
  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO, NULL, "pipeline-stats", 1, NULL, 0, VK_API_VERSION_1_3};
  VkInstanceCreateInfo ici = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, NULL, 0, &app, 0, NULL, 0, NULL};
  VkInstance instance;
  check(vkCreateInstance(&ici, NULL, &instance), "vkCreateInstance");
  INSTANCE_FN(instance, vkEnumeratePhysicalDevices);
  INSTANCE_FN(instance, vkGetPhysicalDeviceProperties);
  INSTANCE_FN(instance, vkGetPhysicalDeviceFeatures2);
  INSTANCE_FN(instance, vkEnumerateDeviceExtensionProperties);
  INSTANCE_FN(instance, vkGetPhysicalDeviceQueueFamilyProperties);
  INSTANCE_FN(instance, vkCreateDevice);
  INSTANCE_FN(instance, vkGetDeviceProcAddr);

  uint32_t ndev = 8;
  VkPhysicalDevice devices[8];
  check(vkEnumeratePhysicalDevices(instance, &ndev, devices), "vkEnumeratePhysicalDevices");
  VkPhysicalDevice pd = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties props;
  for (uint32_t i = 0; i < ndev && !pd; i++) {
    vkGetPhysicalDeviceProperties(devices[i], &props);
    if (props.deviceType == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU || i + 1 == ndev) pd = devices[i];
  }
  must(pd, "a Vulkan device");
  printf("device\t%s (driver %u.%u)\n", props.deviceName, props.driverVersion >> 22, (props.driverVersion >> 14) & 0xff);

  // Extensions: the statistics one, and those Dawn's SPIR-V may rely on, where offered.
  const char *wanted[] = {"VK_KHR_pipeline_executable_properties", "VK_KHR_shader_maximal_reconvergence",
                          "VK_KHR_shader_subgroup_uniform_control_flow", "VK_EXT_robustness2"};
  uint32_t next = 0;
  vkEnumerateDeviceExtensionProperties(pd, NULL, &next, NULL);
  VkExtensionProperties *exts = calloc(next, sizeof *exts);
  vkEnumerateDeviceExtensionProperties(pd, NULL, &next, exts);
  const char *enabled[8];
  uint32_t nenabled = 0;
  int hasStats = 0, hasReconvergence = 0;
  for (size_t j = 0; j < sizeof wanted / sizeof *wanted; j++)
    for (uint32_t i = 0; i < next; i++)
      if (!strcmp(exts[i].extensionName, wanted[j])) {
        enabled[nenabled++] = wanted[j];
        if (j == 0) hasStats = 1;
        if (j == 1) hasReconvergence = 1;
      }
  if (!hasStats) {
    printf("extension\tVK_KHR_pipeline_executable_properties not offered: no statistics from this driver\n");
    return 3;
  }

  // Every feature the device has, the statistics feature on.
  MaximalReconvergenceFeatures reconv = {MAXIMAL_RECONVERGENCE_FEATURES};
  VkPhysicalDevicePipelineExecutablePropertiesFeaturesKHR pexec = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PIPELINE_EXECUTABLE_PROPERTIES_FEATURES_KHR, hasReconvergence ? &reconv : NULL};
  VkPhysicalDeviceVulkan13Features f13 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES, &pexec};
  VkPhysicalDeviceVulkan12Features f12 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES, &f13};
  VkPhysicalDeviceVulkan11Features f11 = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, &f12};
  VkPhysicalDeviceFeatures2 features = {VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &f11};
  vkGetPhysicalDeviceFeatures2(pd, &features);
  pexec.pipelineExecutableInfo = VK_TRUE;

  uint32_t nq = 16;
  VkQueueFamilyProperties qf[16];
  vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, qf);
  uint32_t family = 0;
  while (family < nq && !(qf[family].queueFlags & VK_QUEUE_COMPUTE_BIT)) family++;
  float priority = 1.0f;
  VkDeviceQueueCreateInfo qci = {VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, family, 1, &priority};
  VkDeviceCreateInfo dci = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &features, 0, 1, &qci, 0, NULL, nenabled, enabled, NULL};
  VkDevice device;
  check(vkCreateDevice(pd, &dci, NULL, &device), "vkCreateDevice");
#define DEVICE_FN(name) PFN_##name name = (PFN_##name)must(vkGetDeviceProcAddr(device, #name), #name)
  DEVICE_FN(vkCreateShaderModule);
  DEVICE_FN(vkCreateDescriptorSetLayout);
  DEVICE_FN(vkCreatePipelineLayout);
  DEVICE_FN(vkCreateComputePipelines);
  DEVICE_FN(vkGetPipelineExecutablePropertiesKHR);
  DEVICE_FN(vkGetPipelineExecutableStatisticsKHR);
  DEVICE_FN(vkGetPipelineExecutableInternalRepresentationsKHR);

  for (int a = 1; a < argc; a++) {
    size_t nwords;
    uint32_t *words = readWords(argv[a], &nwords);
    if (!words || nwords < 5) {
      printf("%s\tunreadable\n", argv[a]);
      continue;
    }
    Reflected bindings[MAX_BINDINGS];
    int pushConstants;
    int nb = reflect(words, nwords, bindings, &pushConstants);
    VkDescriptorSetLayout setLayouts[4];
    uint32_t nsets = 0;
    for (int k = 0; k < nb; k++)
      if (bindings[k].set + 1 > nsets) nsets = bindings[k].set + 1;
    for (uint32_t s = 0; s < nsets; s++) {
      VkDescriptorSetLayoutBinding lb[MAX_BINDINGS];
      uint32_t nlb = 0;
      for (int k = 0; k < nb; k++)
        if (bindings[k].set == s)
          lb[nlb++] = (VkDescriptorSetLayoutBinding){bindings[k].binding,
                                                      bindings[k].storageClass == 2 ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1,
                                                      VK_SHADER_STAGE_COMPUTE_BIT, NULL};
      VkDescriptorSetLayoutCreateInfo sl = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, NULL, 0, nlb, lb};
      check(vkCreateDescriptorSetLayout(device, &sl, NULL, &setLayouts[s]), "vkCreateDescriptorSetLayout");
    }
    VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 128};
    VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, NULL, 0, nsets, setLayouts, pushConstants ? 1 : 0, &pcr};
    VkPipelineLayout layout;
    check(vkCreatePipelineLayout(device, &plci, NULL, &layout), "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0, nwords * 4, words};
    VkShaderModule module;
    check(vkCreateShaderModule(device, &smci, NULL, &module), "vkCreateShaderModule");
    VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO, NULL,
                                        VK_PIPELINE_CREATE_CAPTURE_STATISTICS_BIT_KHR | VK_PIPELINE_CREATE_CAPTURE_INTERNAL_REPRESENTATIONS_BIT_KHR,
                                        {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, VK_SHADER_STAGE_COMPUTE_BIT, module, "dawn_entry_point", NULL},
                                        layout, VK_NULL_HANDLE, 0};
    VkPipeline pipeline;
    VkResult r = vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, NULL, &pipeline);
    if (r != VK_SUCCESS) {
      printf("%s\tpipeline failed (VkResult %d)\n", argv[a], (int)r);
      continue;
    }
    VkPipelineInfoKHR pinfo = {VK_STRUCTURE_TYPE_PIPELINE_INFO_KHR, NULL, pipeline};
    uint32_t nexec = 0;
    vkGetPipelineExecutablePropertiesKHR(device, &pinfo, &nexec, NULL);
    for (uint32_t e = 0; e < nexec && e < 8; e++) {
      VkPipelineExecutablePropertiesKHR ep[8];
      for (int i = 0; i < 8; i++) ep[i] = (VkPipelineExecutablePropertiesKHR){VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_PROPERTIES_KHR};
      uint32_t ne = nexec < 8 ? nexec : 8;
      vkGetPipelineExecutablePropertiesKHR(device, &pinfo, &ne, ep);
      VkPipelineExecutableInfoKHR xinfo = {VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INFO_KHR, NULL, pipeline, e};
      uint32_t nstat = 0;
      vkGetPipelineExecutableStatisticsKHR(device, &xinfo, &nstat, NULL);
      VkPipelineExecutableStatisticKHR *st = calloc(nstat ? nstat : 1, sizeof *st);
      for (uint32_t i = 0; i < nstat; i++) st[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_STATISTIC_KHR;
      vkGetPipelineExecutableStatisticsKHR(device, &xinfo, &nstat, st);
      printf("%s\texecutable %u: %s (subgroup %u)\n", argv[a], e, ep[e].name, ep[e].subgroupSize);
      for (uint32_t i = 0; i < nstat; i++) {
        printf("%s\t  %s = ", argv[a], st[i].name);
        switch (st[i].format) {
          case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_BOOL32_KHR: printf("%s\n", st[i].value.b32 ? "true" : "false"); break;
          case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_INT64_KHR: printf("%lld\n", (long long)st[i].value.i64); break;
          case VK_PIPELINE_EXECUTABLE_STATISTIC_FORMAT_UINT64_KHR: printf("%llu\n", (unsigned long long)st[i].value.u64); break;
          default: printf("%g\n", st[i].value.f64);
        }
      }
      free(st);
      // Internal representations (text ones written to <file>.<executable>.<n>.txt).
      uint32_t nrep = 0;
      vkGetPipelineExecutableInternalRepresentationsKHR(device, &xinfo, &nrep, NULL);
      if (nrep) {
        VkPipelineExecutableInternalRepresentationKHR *rep = calloc(nrep, sizeof *rep);
        for (uint32_t i = 0; i < nrep; i++) rep[i].sType = VK_STRUCTURE_TYPE_PIPELINE_EXECUTABLE_INTERNAL_REPRESENTATION_KHR;
        vkGetPipelineExecutableInternalRepresentationsKHR(device, &xinfo, &nrep, rep);
        for (uint32_t i = 0; i < nrep; i++) rep[i].pData = calloc(rep[i].dataSize + 1, 1);
        vkGetPipelineExecutableInternalRepresentationsKHR(device, &xinfo, &nrep, rep);
        for (uint32_t i = 0; i < nrep; i++) {
          char path[4096];
          snprintf(path, sizeof path, "%s.%u.%u.%s", argv[a], e, i, rep[i].isText ? "txt" : "bin");
          FILE *f = fopen(path, "wb");
          if (f) fwrite(rep[i].pData, 1, rep[i].dataSize, f), fclose(f);
          printf("%s\t  representation %u: %s (%zu bytes) -> %s\n", argv[a], i, rep[i].name, rep[i].dataSize, path);
        }
      }
    }
  }
  return 0;
}
