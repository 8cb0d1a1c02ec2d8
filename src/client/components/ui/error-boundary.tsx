import { Component, type ReactNode } from 'react';

/** Shows `fallback` instead of its children once they fail to load or render. */
export class ErrorBoundary extends Component<
  { children: ReactNode; fallback: (error: unknown) => ReactNode },
  { error: unknown }
> {
  state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}
