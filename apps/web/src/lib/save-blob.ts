/** Saves a blob as a file named `fileName`, through an <a download> the page clicks. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the save before the blob goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
