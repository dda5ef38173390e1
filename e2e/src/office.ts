import type { Locator, Page } from 'playwright-core';
import type { TechnicianSchedule, User } from '@cincy/contracts';
import { ApiError, type ApiClient } from '@cincy/stack';
import { eventually } from './board';

/**
 * Helpers of the office screens' end-to-end tests (Customer Database, Inventory, User
 * Management): rows, cells and fields by role and label, as a person finds them.
 */

/** A form control by its visible label inside `scope` (a dialog); a trailing ' *' is allowed. */
export function fieldIn(scope: Page | Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^${escaped}(\\s*\\*)?$`));
}

/** The table row that mentions `text` (a name, a serial). */
export function rowWith(page: Page | Locator, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** The cells of a row, once it is there, as their text: ['AGM', '4', '2', '$150.25', ...]. */
export async function cellTexts(row: Locator): Promise<string[]> {
  await row.waitFor();
  return (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
}

/** The status an API call answers with: 2xx as 200, a refusal as its status. */
export async function statusOf(call: Promise<unknown>): Promise<number> {
  return call.then(
    () => 200,
    (error: unknown) => {
      if (error instanceof ApiError) return error.status;
      throw error;
    },
  );
}

/** Sends a request as `client` and answers the status (for the 403 checks). */
export function statusFor(
  client: ApiClient,
  method: string,
  url: string,
  body?: unknown,
): Promise<number> {
  return statusOf(client.request(method, url, body));
}

/**
 * A technician, made by an admin through POST /api/users as the Add User form sends it, once
 * dispatch has heard of them (its copy is fed by identity's event): before then an assignment is
 * refused, as the Assign dialog, fed by the same copy, would not list them.
 */
export async function addTechnician(
  admin: ApiClient,
  who: { username: string; password: string; name: string },
): Promise<User> {
  const user = await admin.request<User>('POST', '/api/users', {
    username: who.username,
    password: who.password,
    name: who.name,
    role: 'technician',
    employeeId: null,
    status: 'available',
    zipCode: null,
  });
  await eventually(
    `dispatch knows technician ${user.id}`,
    () => admin.request<TechnicianSchedule[]>('GET', '/api/schedules'),
    (schedules) => schedules.some((s) => s.technicianId === user.id),
  );
  return user;
}

/** A battery in stock, added by an admin through POST /api/inventory. */
export function addBattery(
  admin: ApiClient,
  name: string,
  quantity: number,
): Promise<{ id: number }> {
  return admin.request<{ id: number }>('POST', '/api/inventory', {
    name,
    description: null,
    sku: null,
    category: 'battery',
    quantity,
    minQuantity: 1,
    unitCost: 150,
  });
}
