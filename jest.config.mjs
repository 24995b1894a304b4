/** Unit and integration tests (Jest, native ESM through --experimental-vm-modules, SWC for TypeScript). */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'es6' },
      },
    ],
  },
  moduleNameMapper: {
    '^@payload-config$': '<rootDir>/payload.config.ts',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@collections/(.*)$': '<rootDir>/collections/$1',
  },
  testMatch: [
    '<rootDir>/tests/unit/**/*.test.ts?(x)',
    '<rootDir>/tests/integration/**/*.test.ts?(x)',
    '<rootDir>/tests/security/**/*.test.ts?(x)',
    // Own shops, own databases, injected faults: scripts/test.ts runs them in a phase of their own.
    '<rootDir>/tests/deployment/**/*.test.ts?(x)',
  ],
  testTimeout: 30000,
  // Integration tests share one database and one server; run files one after another.
  maxWorkers: 1,
}
