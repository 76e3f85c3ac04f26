import './footer.css';

/** Site footer; its bottom padding keeps it clear of the fixed bottom navigation. */
export function Footer() {
  return (
    <footer className="app-footer">
      <p className="app-footer__tagline">
        Plan trips, discover destinations, share needs and connect with global travellers.
      </p>
      <p className="app-footer__copy">© {new Date().getFullYear()} · Made for digital nomads and travellers</p>
    </footer>
  );
}
