// A component that re-renders only when a prop changes identity (preact/compat's
// `memo` without pulling compat into the bundle). The host sends a NEW item object
// for every change and the reducer keeps unchanged items as they were, so a row
// whose props are the same objects has nothing new to paint.
import { Component, h, type ComponentChildren, type FunctionComponent } from 'preact';

export function memo<P extends object>(render: FunctionComponent<P>): FunctionComponent<P> {
  class Memo extends Component<P> {
    override shouldComponentUpdate(next: Readonly<P>): boolean {
      const prev = this.props as Record<string, unknown>;
      const now = next as Record<string, unknown>;
      for (const key in now) if (key !== 'children' && prev[key] !== now[key]) return true;
      for (const key in prev) if (!(key in now)) return true;
      return false;
    }
    override render(): ComponentChildren {
      return h(render, this.props);
    }
  }
  return Memo as unknown as FunctionComponent<P>;
}
