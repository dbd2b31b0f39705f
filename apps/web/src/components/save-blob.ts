/** Hands a Blob to the browser as a file download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own reference by now; the URL only needs to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
