/** The preview's element picker: the shapes shared by the scanner, the edits and the frame. */

/** The markup an element is written in: JSX/TSX (TypeScript anywhere outside the JSX) or HTML. */
export type MarkupKind = 'jsx' | 'html';

/** One element's opening tag and extent in the source; offsets are 0-based into `code`, ends exclusive. */
export interface ElementSource {
  /** The tag name as written: 'button', 'h1', 'Card', 'motion.div', 'my-el'. */
  tag: string;
  /** Offset of the opening tag's '<'. */
  start: number;
  /** Offset just after the opening tag's '>' (or '/>'). */
  openEnd: number;
  /**
   * Offset just after the closing tag's '>' ('</button>'); equal to openEnd when the element is
   * self-closing, an HTML void element, or an HTML element whose closing tag is left out (p, li).
   */
  end: number;
  /** 1-based line of `start`. */
  startLine: number;
  /** 1-based line of the element's last character (`end - 1`). */
  endLine: number;
  /** The opening tag is written `<tag ... />`. */
  selfClosing: boolean;
  /**
   * The class attribute (`className` in JSX, `class` in HTML) when its value is a plain string
   * literal ("..." or '...' in either; in JSX also {"..."}, {'...'} or {`...`} without ${}), with
   * the offsets of the text between the quotes; null when absent or not a plain string.
   */
  classes: { valueStart: number; valueEnd: number; value: string } | null;
  /** The element has a class attribute whose value is not a plain string: no quick class edit. */
  dynamicClasses: boolean;
  /**
   * The children when they are only plain text (no '<', and in JSX no '{'): the offsets of the
   * text without its leading and trailing whitespace, and that text as written (entities not
   * decoded). Null when there are no children, nested elements or expressions.
   */
  text: { start: number; end: number; value: string } | null;
}
