/** Gridmind's external social links shown in the footer (SPEC section 2). */
export const SOCIAL_LINKS = [
  { label: 'X', href: 'https://x.com/gridmind' },
  { label: 'GitHub', href: 'https://github.com/gridmind' },
  { label: 'Telegram', href: 'https://t.me/gridmind' },
] as const;

/** The four footer pages. */
export const FOOTER_PAGES = [
  { label: 'About Us', to: '/about-us' },
  { label: 'Contact', to: '/contact' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'Terms of Use', to: '/terms-of-use' },
] as const;
