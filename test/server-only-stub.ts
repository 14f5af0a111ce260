// Stands in for the 'server-only' package under Vitest, where no RSC bundler runs.
export {};
