/** What the test setup hands every test file (global-setup.ts). */
declare module "vitest" {
  export interface ProvidedContext {
    /** The URL of the test PostgreSQL, as its administrator. */
    pgAdminUrl: string;
    /** A migrated database each test database is copied from. */
    pgTemplate: string;
  }
}

export {};
