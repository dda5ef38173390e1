/**
 * A module loader that starts its download once, whoever asks first (a preload at start or the
 * lazy component when it renders), and can be asked again after a failed download.
 */
export function loadOnce<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
