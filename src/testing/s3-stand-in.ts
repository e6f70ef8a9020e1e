import aws4 from "aws4";
import type { Server } from "bun";

export const S3_STAND_IN_ACCESS_KEY_ID = "STANDINACCESSKEY";
export const S3_STAND_IN_SECRET_ACCESS_KEY = "stand-in-secret-access-key";
export const S3_STAND_IN_REGION = "us-east-1";

/**
 * A local S3-compatible store for tests, speaking the protocol Bun's S3 client speaks to MinIO, R2 or AWS
 * with a custom endpoint: path-style addressing, every request signed with AWS Signature Version 4 and
 * checked here by signing it again with aws4 (AWS's own algorithm, not ours), PUT and multipart uploads,
 * GET, HEAD, DELETE and ListObjectsV2. One bucket exists; anything else is NoSuchBucket. Objects live in
 * memory.
 */
export function startS3StandIn(bucket: string) {
  const objects = new Map<string, { body: Uint8Array<ArrayBuffer>; lastModified: Date }>();
  const uploads = new Map<string, { key: string; parts: Map<number, Uint8Array<ArrayBuffer>> }>();
  let nextUploadId = 1;

  const server: Server<undefined> = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      const url = new URL(request.url);
      if (!signedWithTheKnownSecret(request, url)) {
        return s3Error(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided.");
      }
      const [, bucketName = "", ...keyParts] = url.pathname.split("/");
      if (bucketName !== bucket) return s3Error(404, "NoSuchBucket", "The specified bucket does not exist");
      const key = decodeURIComponent(keyParts.join("/"));
      const query = url.searchParams;
      if (request.method === "GET" && key === "" && query.get("list-type") === "2") return listObjects(query.get("prefix") ?? "");
      if (request.method === "PUT" && query.has("uploadId")) {
        const upload = uploads.get(query.get("uploadId")!);
        if (!upload) return s3Error(404, "NoSuchUpload", "The specified upload does not exist");
        upload.parts.set(Number(query.get("partNumber")), new Uint8Array(await request.arrayBuffer()));
        return new Response(null, { headers: { ETag: `"part-${query.get("partNumber")}"` } });
      }
      if (request.method === "PUT") {
        objects.set(key, { body: new Uint8Array(await request.arrayBuffer()), lastModified: new Date() });
        return new Response(null, { headers: { ETag: '"object"' } });
      }
      if (request.method === "POST" && query.has("uploads")) {
        const uploadId = `upload-${nextUploadId++}`;
        uploads.set(uploadId, { key, parts: new Map() });
        return xml(`<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`);
      }
      if (request.method === "POST" && query.has("uploadId")) {
        const uploadId = query.get("uploadId")!;
        const upload = uploads.get(uploadId);
        if (!upload) return s3Error(404, "NoSuchUpload", "The specified upload does not exist");
        const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b).map(([, body]) => body);
        objects.set(upload.key, { body: new Uint8Array(Buffer.concat(parts)), lastModified: new Date() });
        uploads.delete(uploadId);
        return xml(`<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${escapeXml(upload.key)}</Key><ETag>"complete"</ETag></CompleteMultipartUploadResult>`);
      }
      const object = objects.get(key);
      if (request.method === "DELETE") {
        objects.delete(key);
        return new Response(null, { status: 204 });
      }
      if (!object) return s3Error(404, "NoSuchKey", "The specified key does not exist.");
      if (request.method === "HEAD") return new Response(null, { headers: { "Content-Length": String(object.body.byteLength) } });
      if (request.method === "GET") return new Response(object.body);
      return s3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    },
  });

  function listObjects(prefix: string): Response {
    const contents = [...objects.entries()]
      .filter(([key]) => key.startsWith(prefix))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, { body, lastModified }]) => `<Contents><Key>${escapeXml(key)}</Key><LastModified>${lastModified.toISOString()}</LastModified><Size>${body.byteLength}</Size></Contents>`);
    return xml(`<ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${contents.length}</KeyCount><IsTruncated>false</IsTruncated>${contents.join("")}</ListBucketResult>`);
  }

  return {
    endpoint: `http://127.0.0.1:${server.port}`,
    /** The stored objects' keys, sorted. */
    keys: () => [...objects.keys()].sort(),
    object: (key: string) => objects.get(key)?.body,
    stop: () => server.stop(true),
  };
}

/** Signs the request again with the stand-in's secret, over the headers the client said it signed, and compares. */
function signedWithTheKnownSecret(request: Request, url: URL): boolean {
  const authorization = request.headers.get("authorization") ?? "";
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(";");
  const credential = /Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\//.exec(authorization);
  if (!signedHeaders || !credential || credential[1] !== S3_STAND_IN_ACCESS_KEY_ID) return false;
  const headers = Object.fromEntries(signedHeaders.map((name) => [name, request.headers.get(name) ?? ""]));
  const resigned = aws4.sign(
    { host: url.host, method: request.method, path: `${url.pathname}${url.search}`, service: "s3", region: credential[2], headers },
    { accessKeyId: S3_STAND_IN_ACCESS_KEY_ID, secretAccessKey: S3_STAND_IN_SECRET_ACCESS_KEY },
  );
  return (resigned.headers as Record<string, string>).Authorization === authorization;
}

function s3Error(status: number, code: string, message: string): Response {
  return xml(`<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`, status);
}

function xml(body: string, status = 200): Response {
  return new Response(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`, { status, headers: { "Content-Type": "application/xml" } });
}

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
