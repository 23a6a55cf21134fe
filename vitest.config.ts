import { configDefaults, defineConfig } from "vitest/config";

/**
 * API test files another run covers (`MARQUEE_SERVER_TESTS_ELSEWHERE`, paths from the repository's root,
 * comma-separated): CI runs every other file on Node.js 22 against a PostgreSQL server and leaves them out
 * of npm test's run on Node.js 24, so that each runs once (see .ci/run). Unset, as on a developer's
 * machine: none, npm test runs them all.
 */
const serverTestsElsewhere = (process.env.MARQUEE_SERVER_TESTS_ELSEWHERE ?? "")
  .split(",")
  .map((f) => f.trim())
  .filter((f) => f !== "");

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contracts",
          include: ["packages/*/test/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "renderer",
          include: ["packages/renderer/test/**/*.test.tsx"],
          environment: "jsdom",
        },
      },
      {
        test: {
          name: "player",
          include: ["apps/player/test/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "web",
          // .tsx files render components and ask for jsdom themselves (@vitest-environment jsdom).
          include: ["apps/web/test/**/*.test.ts", "apps/web/test/**/*.test.tsx"],
          environment: "node",
          setupFiles: ["apps/web/test/setup-languages.ts"],
          // A page rendered in jsdom with antd takes seconds when the machine's two cores are busy.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          environment: "node",
          // A page of the built console may take seconds to settle on a busy two-core machine.
          expect: { poll: { timeout: 10_000 } },
          globalSetup: ["apps/server/test/global-setup.ts"],
          setupFiles: ["e2e/on-failure.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
      {
        test: {
          // Two web nodes and a worker from the built server behind HAProxy (deploy/haproxy.cfg), with a
          // browser and simulated screens: processes start and a node is killed, so the times are long.
          name: "cluster",
          include: ["cluster/**/*.test.ts"],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "server",
          include: ["apps/server/test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...serverTestsElsewhere],
          environment: "node",
          globalSetup: ["apps/server/test/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: "forks",
          // Each file builds its own app on its own database and closes it; what a worker process keeps
          // between files is only the loaded modules. Loading the server's modules anew for every file
          // (isolation) cost about 5 s a file on an idle machine, a third of the suite's time in CI.
          isolate: false,
        },
      },
    ],
  },
});
