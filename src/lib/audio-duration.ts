/** A local audio file's length from an <audio> element's metadata; rejects if the browser cannot read it. */
export function measureDuration(file: File): Promise<number> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const audio = document.createElement('audio');
    const done = () => {
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => {
      const d = audio.duration;
      done();
      if (Number.isFinite(d) && d > 0) resolve(d);
      else reject(new Error('unknown duration'));
    };
    audio.onerror = () => {
      done();
      reject(new Error('unreadable audio'));
    };
    audio.src = url;
  });
}
