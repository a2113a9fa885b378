import { Link } from 'react-router';
import { FOOTER_PAGES, SOCIAL_LINKS } from '#src/config/links.ts';
import { handleExternalLinkClick } from '#src/lib/telegramLinks.ts';

/** The footer: the four info pages and the social links (a new tab, or through Telegram). */
export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Footer" className="footer-inner">
        <ul className="footer-links">
          {FOOTER_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
        </ul>
        <ul className="footer-social">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={handleExternalLinkClick}
              >
                {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
        <p className="footer-note">© Gridmind. AI agents at play.</p>
      </nav>
    </footer>
  );
}
