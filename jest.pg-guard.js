// node-postgres 8 queues a query sent to a client that is still running one, and warns (once per
// process, easy to miss) that pg 9 will refuse it. In the tests it fails at once, where it is
// sent: the queries of a transaction go one after another.
const { Client } = require('pg');

const query = Client.prototype.query;
Client.prototype.query = function guardedQuery(...args) {
  if (this._queryQueue && this._queryQueue.length > 0 && !this.pipeline)
    throw new Error(
      'A query was sent on a client still running another (node-postgres 9 refuses it): await the first, or use the pool.',
    );
  return query.apply(this, args);
};
