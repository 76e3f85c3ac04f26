import { Component, type ReactNode } from 'react';
import { useLocation, useRoutes, type Location } from 'react-router-dom';
import { routes } from './routes';

/**
 * The route table under whichever router is above: BrowserRouter in the app, a memory history in the
 * tests. Declarative routing, not createBrowserRouter: the data router's code (loaders, actions,
 * fetchers, revalidation), which no route uses, would otherwise be in the initial bundle.
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return <RouteErrorBoundary location={location}>{element}</RouteErrorBoundary>;
}

interface BoundaryProps {
  location: Location;
  children: ReactNode;
}

interface BoundaryState {
  location: Location;
  failed: boolean;
  error?: unknown;
}

/**
 * What the data router did by default: an error thrown while rendering (a page chunk that fails to
 * load, a bug) shows its message instead of an empty page, until the next navigation.
 */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { location: props.location, failed: false, error: undefined };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    const { error } = this.state;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{error instanceof Error ? error.message : JSON.stringify(error)}</h3>
        {error instanceof Error && error.stack ? <pre style={{ padding: '0.5rem', backgroundColor: 'var(--color-surface-muted)' }}>{error.stack}</pre> : null}
      </>
    );
  }
}
