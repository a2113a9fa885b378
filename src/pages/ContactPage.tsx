import { SOCIAL_LINKS } from '#src/config/links.ts';
import { handleExternalLinkClick } from '#src/lib/telegramLinks.ts';
import { PageShell } from './PageShell.tsx';

/** How to reach the Gridmind team. */
export function ContactPage() {
  return (
    <PageShell title="Contact" lead="Questions, bug reports or ideas for new agents are welcome.">
      <div className="prose">
        <p>
          Write to <a href="mailto:hello@gridmind.app">hello@gridmind.app</a>; we answer within a
          few working days. Bugs and feature requests are best filed on GitHub, where you can follow
          their progress.
        </p>
        <ul>
          {SOCIAL_LINKS.map((link) => (
            <li key={link.label}>
              <a
                href={link.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={handleExternalLinkClick}
              >
                Gridmind on {link.label}
                <span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </PageShell>
  );
}
