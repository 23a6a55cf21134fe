/** What the test setup hands every test file: the URL of the test PostgreSQL (global-setup.ts). */
declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

export {};
