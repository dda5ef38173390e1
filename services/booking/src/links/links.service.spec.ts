import type { DataSource, EntityManager } from 'typeorm';
import type { LinksRepository } from './links.repository';
import { LinksService } from './links.service';

const manager = {} as EntityManager;

/** A repository whose references are taken the first `taken` times. */
function repositoryWith(taken: number) {
  const drawn: string[] = [];
  const take = (reference: string) => (
    drawn.push(reference),
    drawn.length > taken ? reference : null
  );
  const repository = {
    insertFirst: jest.fn((_m: EntityManager, _id: number, reference: string) =>
      Promise.resolve(take(reference)),
    ),
    insertReference: jest.fn((_m: EntityManager, _id: number, reference: string) =>
      Promise.resolve(take(reference)),
    ),
  };
  return { repository, drawn };
}

describe('a new booking’s reference', () => {
  it('draws again when one is taken, without failing the booking', async () => {
    const { repository, drawn } = repositoryWith(2);
    const links = new LinksService(repository as unknown as LinksRepository, {} as DataSource);
    const { reference, token } = await links.createFor(manager, 7);
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn).size).toBe(3);
    expect(reference).toBe(drawn[2]);
    expect(token).toHaveLength(34);
    // The link went in once, with the first draw; the retries insert the reference alone.
    expect(repository.insertFirst).toHaveBeenCalledTimes(1);
    expect(repository.insertReference).toHaveBeenCalledTimes(2);
  });

  it('gives up (an error, not a loop) when every draw is taken', async () => {
    const { repository } = repositoryWith(Infinity);
    const links = new LinksService(repository as unknown as LinksRepository, {} as DataSource);
    await expect(links.createFor(manager, 7)).rejects.toThrow('no free booking reference');
    expect(
      repository.insertFirst.mock.calls.length + repository.insertReference.mock.calls.length,
    ).toBe(10);
  });
});
