/**
 * Record framing without I/O: bytes in, records out. A record ends at `\n`; every record a
 * service sends fits `max_record_bytes` with its newline, so the splitter never buffers more
 * than that and refuses a longer record as soon as it is certain (docs/decoding.md, limits).
 */

import { ProtocolError } from "./records.js";

export class RecordSplitter {
  private chunks: Uint8Array[] = [];
  private buffered = 0;

  /** `maxRecordBytes`: the most bytes of one record, its newline included. */
  constructor(private readonly maxRecordBytes: number) {}

  /** The records completed by `chunk`, without their newline, in order. */
  push(chunk: Uint8Array): Uint8Array[] {
    const out: Uint8Array[] = [];
    let from = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0; nl = chunk.indexOf(0x0a, from)) {
      this.take(chunk.subarray(from, nl));
      out.push(this.flush());
      from = nl + 1;
    }
    if (from < chunk.length) this.take(chunk.subarray(from));
    return out;
  }

  /** The stream ended: a started record is torn, and the stream is not to be trusted. */
  end(): void {
    if (this.buffered > 0 || this.chunks.length > 0) throw new ProtocolError("invalid_json", "the connection ended inside a record");
  }

  private take(part: Uint8Array): void {
    this.buffered += part.length;
    // Bytes before the newline already exceed what a record may hold.
    if (this.buffered > this.maxRecordBytes - 1) throw new ProtocolError("record_too_large", `record longer than ${this.maxRecordBytes} bytes with its newline`);
    this.chunks.push(part);
  }

  private flush(): Uint8Array {
    const parts = this.chunks;
    this.chunks = [];
    this.buffered = 0;
    if (parts.length === 1) return parts[0] as Uint8Array;
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}
