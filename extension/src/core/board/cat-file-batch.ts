// The output of `git cat-file --batch`, cut into one answer per object asked, in the
// order asked, as it streams: an object's content is kept only up to `maxBytes` (a
// larger one is answered by its size alone, its bytes passed over as they come), so
// memory stays bounded whatever the repository holds.
export type BatchAnswer =
  | { kind: 'missing' }
  | { kind: 'object'; type: string; size: number; content: Buffer | null /* null: over maxBytes */ };

const NL = 0x0a;

export class CatFileBatchReader {
  readonly answers: BatchAnswer[] = [];
  private pending: Buffer = Buffer.alloc(0);
  private body: { type: string; size: number; left: number; parts: Buffer[] | null } | null = null;

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.body !== null) {
        if (!this.takeBody()) return;
        continue;
      }
      const nl = this.pending.indexOf(NL);
      if (nl === -1) return;
      const header = this.pending.toString('utf8', 0, nl);
      this.pending = this.pending.subarray(nl + 1);
      this.startAnswer(header);
    }
  }

  private startAnswer(header: string): void {
    const fields = header.split(' ');
    const size = Number(fields.at(-1));
    if (fields.length < 3 || !Number.isSafeInteger(size)) {
      this.answers.push({ kind: 'missing' }); // `<name> missing` or `ambiguous`
      return;
    }
    const type = fields.at(-2)!;
    this.body = { type, size, left: size + 1, parts: size <= this.maxBytes ? [] : null }; // + its newline
  }

  /** Takes what is pending of the current body; true when it is complete. */
  private takeBody(): boolean {
    const body = this.body!;
    const n = Math.min(body.left, this.pending.length);
    body.parts?.push(this.pending.subarray(0, n));
    this.pending = this.pending.subarray(n);
    body.left -= n;
    if (body.left > 0) return false;
    const content = body.parts === null ? null : Buffer.concat(body.parts).subarray(0, body.size);
    this.answers.push({ kind: 'object', type: body.type, size: body.size, content });
    this.body = null;
    return true;
  }
}
