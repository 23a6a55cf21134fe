import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server on loopback for the tests: s3rver from the npm registry (no S3 server can be
 * installed from Debian's packages or the npm registry otherwise; MinIO and Ceph RGW are not packaged there).
 * It speaks the S3 REST protocol over HTTP (signature v4, multipart uploads, ranges, presigned URLs) and keeps
 * objects in a temporary directory. No account anywhere: its fixed credentials are S3RVER / S3RVER.
 */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the bucket on disk (its multipart uploads in progress under `<bucket>/._S3rver_uploads`). */
  directory: string;
  /** The server's environment for this bucket (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startS3(bucket = "marquee-test"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "marquee-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      // s3rver's close waits for idle keep-alive sockets; it is bounded so a test's teardown never hangs.
      await Promise.race([server.close(), new Promise((r) => setTimeout(r, 2000))]);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
