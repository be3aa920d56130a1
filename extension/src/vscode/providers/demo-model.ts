// The demo model's name, as the UI shows it: its own module, so that the provider
// view (provider-source.ts) reads it at activation without loading the demo player.
export const DEMO_MODEL = 'demo script';
