// A modal dialog on Radix: focus is trapped, Escape and the overlay close it, title and description are
// wired to aria-labelledby / aria-describedby.
import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** Room for a preview (a map, a list): wider, and scrolled within the screen's height on a phone. */
  wide?: boolean;
};

export function Dialog({ open, onOpenChange, title, description, children, wide = false }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[1500] bg-stone-950/50" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-[1500] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl ${wide ? 'max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto' : 'max-w-md'}`}
        >
          <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
          <RadixDialog.Description className="mt-2 text-sm text-stone-700">{description}</RadixDialog.Description>
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
