/**
 * The file shown in the editor when it is shared with teammates (docs/decisions/050): a change
 * to it goes into its document — merged with their typing — and its version is written from
 * there (`save`), never by writing the file over the document.
 */
export interface SharedWrite {
  path: string;
  replace(text: string): void;
  save(options: {
    source?: 'save' | 'edit' | 'fix';
    prompt?: string;
    expected?: string;
  }): Promise<void>;
}
