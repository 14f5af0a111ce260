/**
 * The values of OTEL_TRACES_SAMPLER this project honours (the OpenTelemetry specification's built-in samplers, minus
 * the remote ones). Apart from tracing.ts so that both env modules can validate the key without loading the SDK.
 */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

export type TracesSamplerName = (typeof TRACES_SAMPLERS)[number];
