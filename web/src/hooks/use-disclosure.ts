import { useId, useState } from 'react';

/**
 * A button that shows and hides a region (the WAI-ARIA disclosure pattern): spread `buttonProps`
 * on the button and give the region `regionId`, so aria-expanded and aria-controls stay right.
 */
export function useDisclosure(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const regionId = useId();
  return {
    open,
    close: () => setOpen(false),
    regionId,
    buttonProps: {
      type: 'button',
      'aria-expanded': open,
      'aria-controls': regionId,
      onClick: () => setOpen((wasOpen) => !wasOpen),
    } as const,
  };
}
