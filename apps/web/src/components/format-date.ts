const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const fullFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

/** "Jan 5, 2025" for an ISO timestamp; the raw text when it does not parse. */
export function formatProjectDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The long form for a tooltip: "Sunday, January 5, 2025 at 3:04 PM". */
export function formatProjectDateFull(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fullFormat.format(date);
}
