import { renderToStaticMarkup } from 'react-dom/server';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: number;
  name: string;
  qty: number;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', label: '', cell: (r) => r.name },
  { key: 'qty', header: 'Quantity', kind: 'number', cell: (r) => r.qty },
  {
    key: 'actions',
    header: 'Actions',
    label: '',
    kind: 'actions',
    cell: () => <button>Edit</button>,
  },
];

const render = (rows: Row[]) =>
  renderToStaticMarkup(
    <DataTable
      caption="Items"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty="Nothing here"
    />,
  );

describe('DataTable', () => {
  it('names its table and the group it scrolls in by the caption, with a header row', () => {
    const html = render([]);
    expect(html).toMatch(
      /<div class="data-table-wrap" role="group" aria-labelledby="([^"]+)" tabindex="0">/,
    );
    const id = /aria-labelledby="([^"]+)"/.exec(html)![1];
    expect(html).toContain(`<caption id="${id}" class="visually-hidden">Items</caption>`);
    expect(html).toContain('<th scope="col" class="col-text">Name</th>');
    expect(html).toContain('<th scope="col" class="col-number">Quantity</th>');
  });

  it('shows the empty state across all columns when there are no rows', () => {
    expect(render([])).toContain(
      '<td colSpan="3"><div class="empty-state">Nothing here</div></td>',
    );
  });

  it('labels each cell for the card layout, except where the column says none', () => {
    const html = render([{ id: 1, name: 'AGM', qty: 3 }]);
    expect(html).toContain('<td class="col-text">AGM</td>');
    expect(html).toContain('<td class="col-number" data-label="Quantity">3</td>');
    expect(html).toContain('<td class="col-actions"><button>Edit</button></td>');
    expect(html).not.toContain('Nothing here');
  });
});
