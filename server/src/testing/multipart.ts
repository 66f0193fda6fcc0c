/** A file part of a test upload; `field` names the form field it goes in when not the upload's usual one. */
export type FilePart = { name: string; type: string; bytes: Buffer; field?: string };

/** A multipart body as a phone's form would send it: text fields first, then the file (in `fileField`). */
export function multipart(fields: Record<string, string>, file: FilePart | undefined, fileField: string) {
  const boundary = '----valveops-test-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
