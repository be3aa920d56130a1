// Bounded command output: the first `headBytes` and the last `tailBytes` are kept,
// everything between is dropped and counted, and the cut is marked in the text
// with how many bytes were dropped. Memory stays bounded however much a command prints.

const cutMarker = (droppedBytes: number): string => `\n[… ${droppedBytes} bytes of output dropped …]\n`;

export class HeadTailBuffer {
  private head: Buffer[] = [];
  private headSize = 0;
  private tail: Buffer[] = [];
  private tailSize = 0;
  private dropped = 0;

  constructor(
    readonly headBytes: number,
    readonly tailBytes: number,
  ) {}

  get droppedBytes(): number {
    return this.dropped;
  }

  get totalBytes(): number {
    return this.headSize + this.tailSize + this.dropped;
  }

  push(chunk: Buffer): void {
    let rest = chunk;
    if (this.headSize < this.headBytes) {
      const take = Math.min(this.headBytes - this.headSize, rest.length);
      this.head.push(rest.subarray(0, take));
      this.headSize += take;
      rest = rest.subarray(take);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailSize += rest.length;
    while (this.tailSize > this.tailBytes) {
      const first = this.tail[0]!;
      const excess = this.tailSize - this.tailBytes;
      if (first.length <= excess) {
        this.tail.shift();
        this.tailSize -= first.length;
        this.dropped += first.length;
      } else {
        this.tail[0] = first.subarray(excess);
        this.tailSize -= excess;
        this.dropped += excess;
      }
    }
  }

  /** The kept text, with the cut marked when anything was dropped. */
  text(): string {
    const head = Buffer.concat(this.head).toString('utf8');
    const tail = Buffer.concat(this.tail).toString('utf8');
    return this.dropped > 0 ? `${head}${cutMarker(this.dropped)}${tail}` : head + tail;
  }

  /**
   * The kept bytes as text without the cut marker, for a reader told separately that
   * bytes were dropped (droppedBytes). When the cut fell inside a character, the tail
   * starts after that character's remaining bytes, so no half character is shown.
   */
  keptText(): string {
    let tail = Buffer.concat(this.tail);
    if (this.dropped > 0) {
      let start = 0;
      // UTF-8 continuation bytes (10xxxxxx): at most three follow a character's first byte.
      while (start < 3 && start < tail.length && (tail[start]! & 0xc0) === 0x80) start++;
      tail = tail.subarray(start);
    }
    return Buffer.concat(this.head).toString('utf8') + tail.toString('utf8');
  }
}
