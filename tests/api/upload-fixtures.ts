/** Upload test helpers: archives to append, EXIF to splice in, oversized bodies to send, decodes to check. */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const exec = promisify(execFile);
const MB = 1024 * 1024;

/** A ZIP archive of one stored (uncompressed) file, as `zip -0` writes it. */
export function zipOf(name: string, content: Buffer): Buffer {
  const fileName = Buffer.from(name);
  const crc = crc32(content);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(content.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + fileName.length, 12);
  end.writeUInt32LE(local.length + fileName.length + content.length, 16);
  return Buffer.concat([local, fileName, content, central, fileName, end]);
}

export function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buf) {
    crc ^= byte;
    for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** ffmpeg's decode of `data`: exit code and what it printed. */
export async function decode(dir: string, data: Buffer, ext: string): Promise<{ code: number; stderr: string }> {
  const path = join(dir, `decode-${Math.random().toString(36).slice(2)}.${ext}`);
  await writeFile(path, data);
  try {
    const { stderr } = await exec(ffmpegInstaller.path, ['-hide_banner', '-nostdin', '-i', path, '-f', 'null', '-']);
    return { code: 0, stderr };
  } catch (err) {
    return { code: 1, stderr: String((err as { stderr?: string }).stderr) };
  }
}

/**
 * Sends a multipart body whose file part is `size` zero bytes, with its length declared
 * (Content-Length) or streamed chunked, and stops sending as soon as the answer arrives.
 */
export function sendHuge(url: string, token: string, field: string, size: number, declare: boolean) {
  const boundary = 'upload-limit-test';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="huge.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` };
  if (declare) headers['Content-Length'] = String(head.length + size + tail.length);
  return new Promise<{ status: number; body: any; sent: number; connection: string | undefined }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers });
    const chunk = Buffer.alloc(MB);
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (part: Buffer) => parts.push(part));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(parts).toString()), sent, connection: res.headers.connection });
      });
    });
    req.on('error', (err) => answered || reject(err)); // the server may close the connection on a body it will not read
    const pump = () => {
      while (!answered && sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end(tail);
    };
    req.write(head);
    pump();
  });
}

/** `jpeg` with an APP1 EXIF segment spliced in after SOI, carrying `text` (as a GPS or maker note block would). */
export function withExif(jpeg: Buffer, text: string): Buffer {
  const tiff = Buffer.concat([Buffer.from('MM\0\x2a\0\0\0\x08\0\0\0\0\0\0', 'latin1'), Buffer.from(text, 'latin1')]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}
