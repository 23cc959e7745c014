/**
 * jsdom's Blob and File have no `arrayBuffer`, `text` or `stream` (browsers all do). Node's fetch
 * needs them to send a FormData holding a file, so uploads can reach the fake API; these read the
 * bytes through jsdom's own FileReader.
 */
function readBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(blob);
  });
}

const blobPrototype = Blob.prototype as Partial<Blob>;

if (typeof blobPrototype.arrayBuffer !== 'function') {
  Object.assign(blobPrototype, {
    arrayBuffer(this: Blob) {
      return readBytes(this);
    },
    async text(this: Blob) {
      return new TextDecoder().decode(await readBytes(this));
    },
    stream(this: Blob) {
      const bytes = readBytes(this);
      return new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(await bytes));
          controller.close();
        },
      });
    },
  });
}
