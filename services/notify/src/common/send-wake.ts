import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * Wakes the sender the moment a transaction that queued messages commits (before, the rows are
 * not visible to it; after a rollback there is nothing to send). The sender also polls, so a
 * missed wake only costs its poll interval.
 */
@Injectable()
export class SendWake {
  private readonly pending = new WeakSet<QueryRunner>();
  private listener?: () => void;

  constructor(dataSource: DataSource) {
    dataSource.subscribers.push({
      afterTransactionCommit: ({ queryRunner }) => {
        if (this.pending.delete(queryRunner)) this.now();
      },
    });
  }

  /** Wake the sender when the transaction of `manager` commits. */
  afterCommit(manager: EntityManager): void {
    if (manager.queryRunner) this.pending.add(manager.queryRunner);
    else this.now();
  }

  now(): void {
    this.listener?.();
  }

  /** The sender's one listener. */
  onWake(listener: () => void): void {
    this.listener = listener;
  }
}
