import { Link } from 'react-router';

/** The Gridmind brand mark, linking home. */
export function Logo() {
  return (
    <Link to="/" className="logo" aria-label="Gridmind home">
      <img src="/logo.svg" alt="" width="32" height="32" />
      <span className="logo-text">Gridmind</span>
    </Link>
  );
}
