import { Alert, Button, Flex, Modal, Radio, Select, Skeleton, Tag, Typography } from 'antd';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import {
  formatLocation,
  isAssignable,
  type DashboardAppointment,
  type UserLocation,
} from '@cincy/contracts';
import { serverMessageOf } from '../../api/request';
import { toast } from '../../components/toast';
import { useAssignAppointment } from '../../hooks/use-assign-appointment';
import { useSchedules } from '../../hooks/use-schedules';
import { useUserLocations } from '../../hooks/use-user-locations';
import {
  assignCheck,
  otherTechnicians,
  staffedWhen,
  suggestionDetails,
} from './assign-dialog.util';
import type { BoardRanking } from './best-suggestion.util';
import { DISPATCH_MESSAGES, assignedToast } from './dispatch-toasts.util';

const NO_USERS: UserLocation[] = [];

/**
 * Assign (or Reassign) a job: the technicians on shift at the job's hour ranked by arrival (the
 * board's own ranking, the one its "Suggested:" line reads), and any other technician from the
 * team. Choosing one who is off shift or busy then shows a warning before confirming. The job's
 * version goes with the request: if someone else got there first, the server's message shows here
 * and the board is read again. Enter confirms, Esc closes.
 */
export function AssignDialog({
  appointment: a,
  ranking,
  onClose,
}: {
  /** The job as the board has it now (a refreshed board gives a newer version). */
  appointment: DashboardAppointment;
  /** The board's ranking (its jobs, team, schedules and minute). */
  ranking: BoardRanking;
  onClose: () => void;
}) {
  const listLabel = useId();
  const otherLabel = useId();
  // Read by the board already: these only tell the dialog whether they have arrived.
  const schedules = useSchedules();
  const team = useUserLocations();
  const assign = useAssignAppointment();
  const [picked, setPicked] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const busy = assign.isPending;

  const loaded = schedules.data !== undefined && team.data !== undefined;
  const ranked = useMemo(() => (loaded ? ranking.suggestions(a) : undefined), [loaded, ranking, a]);
  const standings = useMemo(() => ranking.standings(a), [ranking, a]);
  const when = staffedWhen(a, ranking.now);
  const others = useMemo(
    () => otherTechnicians(team.data ?? NO_USERS, ranked ?? []),
    [team.data, ranked],
  );
  // Until the dispatcher picks, the soonest technician is the choice.
  const reassigning = a.status === 'assigned';
  const choiceId =
    picked ??
    ranked?.find((s) => !(reassigning && s.technicianId === a.technicianId))?.technicianId ??
    null;
  const choiceName =
    ranked?.find((s) => s.technicianId === choiceId)?.name ??
    others.find((o) => o.id === choiceId)?.name ??
    null;
  const check =
    choiceId !== null && choiceName !== null
      ? assignCheck(a, { id: choiceId, name: choiceName }, ranked, standings, when)
      : null;
  const open = isAssignable(a.status);
  const canConfirm = open && check !== null && !check.alreadyTheirs && !busy;

  const confirm = () => {
    if (!canConfirm || choiceId === null || choiceName === null) return;
    setRefusal(null);
    assign.mutate(
      { id: a.id, body: { technicianId: choiceId, version: a.version } },
      {
        onSuccess: () => {
          toast(assignedToast(choiceName, a.customer.name));
          onClose();
        },
        onError: (error) => {
          console.warn('Assign failed', error);
          setRefusal(serverMessageOf(error) ?? DISPATCH_MESSAGES.assignFailed);
        },
      },
    );
  };

  // Enter confirms, from a technician's radio or the dialog itself; a button, a link or the
  // technician picker keeps its own Enter.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || e.defaultPrevented) return;
    const target = e.target as HTMLElement;
    if (target.closest('button, a, textarea, .ant-select, [role="combobox"]')) return;
    e.preventDefault();
    confirm();
  };

  const failed = (schedules.isError && !schedules.data) || (team.isError && !team.data);
  const retry = () => {
    if (schedules.isError) void schedules.refetch();
    if (team.isError) void team.refetch();
  };
  let rankedList;
  if (failed) {
    rankedList = (
      <Alert
        type="error"
        showIcon
        title="Could not load the technicians and their shifts."
        action={
          <Button size="small" loading={schedules.isFetching || team.isFetching} onClick={retry}>
            Retry
          </Button>
        }
      />
    );
  } else if (!loaded) {
    rankedList = (
      <div role="status">
        <span className="visually-hidden">Loading technicians...</span>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (ranked && ranked.length === 0) {
    rankedList = (
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Nobody is on shift {when}. Choose a technician below.
      </Typography.Paragraph>
    );
  } else {
    rankedList = (
      <Radio.Group
        aria-labelledby={listLabel}
        value={choiceId}
        onChange={(e) => setPicked(e.target.value as number)}
        disabled={busy}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={8}>
          {ranked?.map((s) => (
            <Radio
              key={s.technicianId}
              value={s.technicianId}
              autoFocus={s.technicianId === choiceId}
            >
              <Flex vertical>
                <Typography.Text strong>
                  {s.name}
                  {a.technicianId === s.technicianId && reassigning && (
                    <Tag style={{ marginInlineStart: 8 }}>Has the job</Tag>
                  )}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {suggestionDetails(s, a.battery)}
                </Typography.Text>
              </Flex>
            </Radio>
          ))}
        </Flex>
      </Radio.Group>
    );
  }

  const otherChosen = choiceId !== null && others.some((o) => o.id === choiceId);

  return (
    <Modal
      open
      title={`${reassigning ? 'Reassign' : 'Assign'} ${a.customer.name}`}
      zIndex={9999}
      width={480}
      centered
      onCancel={onClose}
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: !busy }}
      modalRender={(dialog) => <div onKeyDown={onKeyDown}>{dialog}</div>}
      footer={
        <Flex justify="end" gap={8} wrap>
          <Button size="large" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button
            size="large"
            type="primary"
            onClick={confirm}
            disabled={!canConfirm}
            loading={busy}
          >
            {busy
              ? 'Assigning...'
              : check && check.warnings.length > 0
                ? `Assign ${choiceName} anyway`
                : choiceName
                  ? `Assign ${choiceName}`
                  : 'Assign'}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          {formatLocation(a.location)}
          {reassigning && a.technician && <> · now with {a.technician.name}</>}
        </Typography.Text>
        {!open && (
          <Alert
            type="info"
            showIcon
            title="This job can no longer be assigned: it has moved on."
          />
        )}
        <Flex vertical gap={8}>
          <Typography.Text strong id={listLabel}>
            On shift {when}, soonest first
          </Typography.Text>
          {rankedList}
        </Flex>
        <Flex vertical gap={4}>
          <label htmlFor={otherLabel}>
            <Typography.Text strong>Or choose another technician</Typography.Text>
          </label>
          <Select<number>
            id={otherLabel}
            size="large"
            placeholder={others.length ? 'Choose a technician' : 'No other technicians'}
            disabled={busy || others.length === 0}
            value={otherChosen ? choiceId : undefined}
            onChange={(id) => setPicked(id)}
            options={others.map((o) => ({
              value: o.id,
              label: ranked
                ? `${o.name} (off shift${when === 'now' ? '' : ' then'}${o.online ? ', online' : ''})`
                : o.name,
            }))}
            style={{ width: '100%' }}
          />
        </Flex>
        {check && check.warnings.length > 0 && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title="Before you assign"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {check.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            }
          />
        )}
        {check?.alreadyTheirs && (
          <Alert type="info" showIcon title={`${choiceName} already has this job.`} />
        )}
        {refusal && <Alert type="error" showIcon role="alert" title={refusal} />}
      </Flex>
    </Modal>
  );
}
