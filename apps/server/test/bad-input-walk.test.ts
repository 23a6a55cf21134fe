import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectRefusedOrFine, startWalk } from "./bad-input-walk";
import type { Client, TestApp } from "./helpers";

/**
 * The walks' own check (bad-input-walk.ts): a refused call that wrote a row, changed one or deleted one
 * outside the tables a refusal may write fails the walk, where its audit row alone does not.
 */
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  ({ t, admin } = await startWalk());
});
afterAll(async () => {
  await t?.close();
});

/** A call the server refuses (400): a page number that is not a number. */
const refused = () => admin.get("/a/api/log/ajaxScrollLog", { pageNo: "x" });

describe("the bad-input walk's check that a refusal wrote nothing", () => {
  it("passes a refusal that writes only what a refusal may (its audit row)", async () => {
    await expectRefusedOrFine("refused", refused, true);
    await expectRefusedOrFine("refused again", refused, true);
  });

  it.each([
    ["an insert", "insert into dict_types (code, name) values ('walk-check', 'a')"],
    ["an update", "update users set name = name || '!' where username = 'admin'"],
    ["a delete", "delete from dict_types where code = 'walk-check'"],
  ])("fails a refusal that made %s", async (_what, statement) => {
    await expect(
      expectRefusedOrFine(
        "refused",
        async () => {
          await t.database.pool.query(statement);
          return refused();
        },
        true,
      ),
    ).rejects.toThrow(/wrote something/);
  });
});
