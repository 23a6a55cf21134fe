import { GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startS3, type TestS3 } from "./s3";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());

it("the test S3 server stores and answers objects", async () => {
  const client = new S3Client({
    region: "us-east-1",
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: "a/b", Body: Buffer.from("hello") }));
  const got = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: "a/b", Range: "bytes=1-3" }));
  expect(await got.Body?.transformToString()).toBe("ell");
});
