/**
 * Protobuf wire encoding of what the in-process Firestore emulator answers reads with
 * (firestore-emulator.ts), written directly from the package's state: its own message classes
 * (google-protobuf) build a message of each value, then an object, then a message again.
 * The bytes are the package's, field for field (firestore-wire.test.ts compares them).
 */

/** A value of the package's state (FirestoreStateDocument*Field): its oneof name in google.firestore.v1.Value, and its value. */
export type StateField = { type: string; value: unknown };

/** What a document of the package's state gives its encoding. */
export type WireDocument = {
  fields: Record<string, StateField>;
  metadata: { hasExist: boolean; createdAt: Date; updatedAt: Date };
  getPath(): string;
};

const VARINT = 0;
const FIXED64 = 1;
const LENGTH_DELIMITED = 2;

const varintSize = (n: number) => {
  let size = 1;
  for (; n > 127; n = Math.floor(n / 128)) size++;
  return size;
};

/**
 * Writes one message into a buffer it reuses: a nested message is written in place, then moved
 * right by its length's size, which is written before it (no buffer per field).
 */
class WireWriter {
  private buffer = Buffer.allocUnsafe(4096);
  private at = 0;

  private room(n: number): void {
    if (this.at + n <= this.buffer.length) return;
    const larger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + n));
    this.buffer.copy(larger, 0, 0, this.at);
    this.buffer = larger;
  }

  private varint(n: number): void {
    this.room(10);
    for (; n > 127; n = Math.floor(n / 128)) this.buffer[this.at++] = (n % 128) | 128;
    this.buffer[this.at++] = n;
  }

  private key(field: number, wireType: number): void {
    this.varint(field * 8 + wireType);
  }

  /** An int64 as protobuf writes it: a negative one as its 64-bit two's complement (ten bytes). */
  int64(field: number, n: number): void {
    this.key(field, VARINT);
    if (n >= 0) return this.varint(n);
    this.room(10);
    let u = BigInt.asUintN(64, BigInt(n));
    for (; u > 127n; u >>= 7n) this.buffer[this.at++] = Number(u & 127n) | 128;
    this.buffer[this.at++] = Number(u);
  }

  double(field: number, n: number): void {
    this.key(field, FIXED64);
    this.room(8);
    this.at = this.buffer.writeDoubleLE(n, this.at);
  }

  string(field: number, text: string): void {
    const length = Buffer.byteLength(text, 'utf8');
    this.key(field, LENGTH_DELIMITED);
    this.varint(length);
    this.room(length);
    this.at += this.buffer.write(text, this.at, 'utf8');
  }

  bytes(field: number, data: Uint8Array): void {
    this.key(field, LENGTH_DELIMITED);
    this.varint(data.length);
    this.room(data.length);
    this.buffer.set(data, this.at);
    this.at += data.length;
  }

  message(field: number, body: () => void): void {
    this.key(field, LENGTH_DELIMITED);
    const start = this.at;
    body();
    const length = this.at - start;
    const size = varintSize(length);
    this.room(size);
    this.buffer.copyWithin(start + size, start, this.at);
    const end = this.at + size;
    this.at = start;
    this.varint(length);
    this.at = end;
  }

  /** The message written since the last take, copied out; the writer starts over. */
  take(): Buffer {
    const out = Buffer.from(this.buffer.subarray(0, this.at));
    this.at = 0;
    return out;
  }
}

const writer = new WireWriter();

/** A length-delimited field (wire type 2) of a protobuf message. */
export function lengthDelimited(field: number, bytes: Uint8Array): Buffer {
  writer.bytes(field, bytes);
  return writer.take();
}

/** google.protobuf.Timestamp of a millisecond time, every field written (a read's read_time). */
export function timestampBytes(ms: number): Buffer {
  writer.int64(1, Math.floor(ms / 1000));
  writer.int64(2, (ms % 1000) * 1e6);
  return writer.take();
}

/** google.protobuf.Timestamp, its zero fields left out (proto3). */
function timestamp(seconds: number, nanos: number): void {
  if (seconds !== 0) writer.int64(1, seconds);
  if (nanos !== 0) writer.int64(2, nanos);
}

const date = (at: Date) => timestamp(Math.floor(at.getTime() / 1000), at.getMilliseconds() * 1e6);

/** A map<string, Value> field: one entry message (key 1, value 2) per field, in the state's order. */
function mapEntries(field: number, fields: Record<string, StateField>): void {
  for (const name in fields) {
    writer.message(field, () => {
      writer.string(1, name);
      writer.message(2, () => value(fields[name]!));
    });
  }
}

/** google.firestore.v1.Value: its one field, written even when it holds its type's zero. */
function value(field: StateField): void {
  const v = field.value;
  switch (field.type) {
    case 'null_value':
      return writer.int64(11, 0);
    case 'boolean_value':
      return writer.int64(1, v ? 1 : 0);
    case 'integer_value':
      return writer.int64(2, v as number);
    case 'double_value':
      return writer.double(3, v as number);
    case 'timestamp_value': {
      const { seconds, nanos } = v as { seconds: number; nanos: number };
      return writer.message(10, () => timestamp(Number(seconds), Number(nanos)));
    }
    case 'string_value':
      return writer.string(17, v as string);
    case 'bytes_value':
      return writer.bytes(18, v as Uint8Array);
    case 'reference_value':
      return writer.string(5, v as string);
    case 'geo_point_value': {
      const { latitude, longitude } = v as { latitude: number; longitude: number };
      return writer.message(8, () => {
        if (latitude !== 0) writer.double(1, latitude);
        if (longitude !== 0) writer.double(2, longitude);
      });
    }
    case 'array_value':
      return writer.message(9, () => {
        for (const item of v as StateField[]) writer.message(1, () => value(item));
      });
    case 'map_value':
      return writer.message(6, () => mapEntries(1, v as Record<string, StateField>));
    default:
      throw new Error(`No wire encoding for a ${field.type} field`);
  }
}

/** google.firestore.v1.Document of an existing document: name 1, fields 2, create_time 3, update_time 4. */
export function documentMessage(doc: WireDocument): Buffer {
  try {
    const name = doc.getPath();
    if (name.length > 0) writer.string(1, name);
    mapEntries(2, doc.fields);
    writer.message(3, () => date(doc.metadata.createdAt));
    writer.message(4, () => date(doc.metadata.updatedAt));
  } catch (err) {
    writer.take(); // start the next document clean
    throw err;
  }
  return writer.take();
}
