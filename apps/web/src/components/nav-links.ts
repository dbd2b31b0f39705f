/** Public links of the header (SPEC §2.2); the desktop bar shows these four. */
export const PUBLIC_NAV_LINKS = [
  { to: '/features', label: 'Features' },
  { to: '/examples', label: 'Examples' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/docs', label: 'Docs' },
] as const;
