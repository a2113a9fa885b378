import type { ReactNode } from 'react';

/** A page's frame: its heading (labelling the section) and its content. */
export function PageShell({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: string;
  children?: ReactNode;
}) {
  const headingId = `page-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section className="page" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      {children}
    </section>
  );
}
