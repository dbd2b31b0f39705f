/**
 * Whether bytes are audio in a format speech-to-text servers take (mp3, wav, ogg/opus, webm,
 * flac, m4a/mp4, aac), by their first bytes: a transcription of anything else is refused with a
 * 400 before the meter is charged (SPEC §5 "transcription needs audio").
 */
const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((c, i) => bytes[at + i] === c.charCodeAt(0));

/** True for the audio containers named above. */
export function isAudio(bytes: Uint8Array): boolean {
  if (bytes.length < 4) return false;
  const b0 = bytes[0] as number;
  const b1 = bytes[1] as number;
  return (
    ascii(bytes, 0, 'ID3') || // mp3 with an ID3v2 tag
    (b0 === 0xff && (b1 & 0xe0) === 0xe0) || // an MPEG audio frame or AAC ADTS
    (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) ||
    ascii(bytes, 0, 'OggS') ||
    ascii(bytes, 0, 'fLaC') ||
    (b0 === 0x1a && b1 === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) || // webm / matroska
    ascii(bytes, 4, 'ftyp') // mp4 / m4a
  );
}
