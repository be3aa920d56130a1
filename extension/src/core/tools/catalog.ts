// The tools a process knows: the built-in ones (built-in.ts) and those registered
// at run time (the extension's API, a program embedding the CLI). A name is held by
// one tool at a time; a registration is withdrawn by disposing it.
import { type Disposable, toDisposable } from '../disposable';
import type { ToolDescriptor } from './descriptor';

export class ToolCatalog {
  private readonly added = new Map<string, ToolDescriptor>();

  constructor(private readonly builtIns: readonly ToolDescriptor[]) {}

  register(descriptor: ToolDescriptor): Disposable {
    if (this.get(descriptor.name) !== undefined) throw new Error(`a tool named ${descriptor.name} is already known`);
    this.added.set(descriptor.name, descriptor);
    return toDisposable(() => {
      if (this.added.get(descriptor.name) === descriptor) this.added.delete(descriptor.name);
    });
  }

  get(name: string): ToolDescriptor | undefined {
    return this.builtIns.find((d) => d.name === name) ?? this.added.get(name);
  }

  /** Built-in first, in their order, then the registered ones in registration order. */
  names(): string[] {
    return [...this.builtIns.map((d) => d.name), ...this.added.keys()];
  }

  /** The tools registered at run time (offered in every session beside the enabled built-ins). */
  registered(): string[] {
    return [...this.added.keys()];
  }
}
