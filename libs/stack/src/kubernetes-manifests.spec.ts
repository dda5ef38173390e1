import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { ValidateFunction } from 'ajv';
import { parse, parseAllDocuments } from 'yaml';
import * as core from 'kubernetes-models/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import * as monitoring from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { CONSUMERS, ConsumerName, SERVICES, consumerDurables, natsNames } from '@cincy/contracts';
import { metricSources } from './metric-sources';
import { PROCESSES, REPO_ROOT } from './processes';

// deploy/kubernetes as a cluster receives it: rendered by `kubectl kustomize`, every object
// checked against the schema of its kind (none without one), and the decisions that make it fit
// for a real cluster asserted. The schemas check types, required fields, enums and formats; the
// Kubernetes OpenAPI does not refuse unknown fields (the API server's strict field validation
// does, at `kubectl apply`), the CloudNativePG schema here does.
// Parsed YAML, read the way the tools read it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Loose;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const KUBERNETES = path.join(REPO_ROOT, 'deploy/kubernetes');
const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

/** `kubectl kustomize deploy/kubernetes`; kubectl (v1.32, kustomize v5.5) must be installed. */
function render(): K8sObject[] {
  const kubectl = process.env.KUBECTL ?? 'kubectl';
  let yaml: string;
  try {
    yaml = execFileSync(kubectl, ['kustomize', KUBERNETES], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') {
      throw new Error(
        `kubectl was not found (${kubectl}): these tests render deploy/kubernetes with ` +
          '`kubectl kustomize`. Install kubectl 1.32 or later, or set KUBECTL to its path.',
      );
    }
    throw new Error(`kubectl kustomize ${KUBERNETES} failed:\n${stderr ?? String(error)}`);
  }
  return parseAllDocuments(yaml).map((d) => d.toJS() as K8sObject);
}

// ---- Schemas: one per apiVersion and kind --------------------------------------------------

/** An object's schema errors; [] when it is valid. */
type Check = (object: K8sObject) => string[];

/** kubernetes-models' classes validate against the Kubernetes (or the CRD's) OpenAPI schema. */
const model =
  <T>(Model: new (data: T) => { validate(): void }): Check =>
  (object) => {
    try {
      // Parsed YAML of any shape: finding out whether it is a T is what validate() is for.
      new Model(object as unknown as T).validate();
      return [];
    } catch (error) {
      return [(error as Error).message];
    }
  };

/**
 * A CRD's openAPIV3Schema vendored in deploy/kubernetes/schemas (CloudNativePG has no package of
 * models), checked with ajv. Objects refuse fields their schema does not name, as the API
 * server's strict field validation does: a misspelt field is an error, not silently dropped.
 */
function crd(file: string): Check {
  const ajv = new Ajv({ allErrors: true, strict: true, strictTypes: false });
  // Kubernetes' extensions say how to merge and what CEL rules hold (the API server checks
  // those); they constrain nothing a JSON Schema validator checks.
  ajv.addVocabulary([
    'x-kubernetes-int-or-string',
    'x-kubernetes-list-map-keys',
    'x-kubernetes-list-type',
    'x-kubernetes-map-type',
    'x-kubernetes-validations',
    'x-kubernetes-preserve-unknown-fields',
  ]);
  ajv.addFormat('int32', {
    type: 'number',
    validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31,
  });
  ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isInteger(n) });
  ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i);
  const schema = JSON.parse(readFileSync(path.join(KUBERNETES, 'schemas', file), 'utf8'));
  const validate: ValidateFunction = ajv.compile(closed(schema));
  return (object) =>
    validate(object)
      ? []
      : (validate.errors ?? []).map(
          (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
        );
}

/** The schema with `additionalProperties: false` wherever it lists properties and says nothing. */
function closed(schema: Loose): Loose {
  const out: Loose = { ...schema };
  if (out.properties) {
    out.properties = Object.fromEntries(
      Object.entries(out.properties as Record<string, Loose>).map(([k, v]) => [k, closed(v)]),
    );
    if (out.additionalProperties === undefined && !out['x-kubernetes-preserve-unknown-fields']) {
      out.additionalProperties = false;
    }
  }
  if (out.items) out.items = closed(out.items);
  if (out.additionalProperties && typeof out.additionalProperties === 'object') {
    out.additionalProperties = closed(out.additionalProperties);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'])
    if (out[key]) out[key] = (out[key] as Loose[]).map(closed);
  return out;
}

const SCHEMAS: Record<string, Check> = {
  'v1/Namespace': model(core.Namespace),
  'v1/ConfigMap': model(core.ConfigMap),
  'v1/Secret': model(core.Secret),
  'v1/Service': model(core.Service),
  'apps/v1/Deployment': model(apps.Deployment),
  'apps/v1/StatefulSet': model(apps.StatefulSet),
  'policy/v1/PodDisruptionBudget': model(policy.PodDisruptionBudget),
  'autoscaling/v2/HorizontalPodAutoscaler': model(autoscaling.HorizontalPodAutoscaler),
  'networking.k8s.io/v1/Ingress': model(networking.Ingress),
  'keda.sh/v1alpha1/ScaledObject': model(keda.ScaledObject),
  'monitoring.coreos.com/v1/PodMonitor': model(monitoring.PodMonitor),
  'monitoring.coreos.com/v1/PrometheusRule': model(monitoring.PrometheusRule),
  'postgresql.cnpg.io/v1/Cluster': crd('postgresql.cnpg.io_v1_cluster.json'),
  'postgresql.cnpg.io/v1/ScheduledBackup': crd('postgresql.cnpg.io_v1_scheduledbackup.json'),
};

/** Schema errors of an object; a kind with no schema here is an error too, never a pass. */
function schemaErrors(object: K8sObject): string[] {
  const check = SCHEMAS[`${object.apiVersion}/${object.kind}`];
  if (!check) return [`no schema for ${object.apiVersion} ${object.kind}: add one to SCHEMAS`];
  return check(object);
}

const idOf = (o: K8sObject) => `${o.apiVersion} ${o.kind} ${o.metadata?.name}`;

// ---- The rendered objects -------------------------------------------------------------------

const objects: K8sObject[] = [];
beforeAll(() => {
  objects.push(...render());
});

const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const named = (kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in deploy/kubernetes`);
  return found;
};
const config = () => named('ConfigMap', 'cincy-battery').data!;
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('deploy/kubernetes, rendered by kubectl kustomize', () => {
  it('renders every object into the cincy-battery namespace, and no Secret', () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const o of objects.filter((o) => o.kind !== 'Namespace')) {
      expect({ object: idOf(o), namespace: o.metadata.namespace }).toEqual({
        object: idOf(o),
        namespace: 'cincy-battery',
      });
    }
    expect(ofKind('Secret')).toEqual([]);
  });

  it('holds only objects that pass the schema of their kind', () => {
    for (const o of objects) {
      expect({ object: idOf(o), errors: schemaErrors(o) }).toEqual({ object: idOf(o), errors: [] });
    }
    // The example Secrets are created by hand, from the same shape.
    const secrets = parseAllDocuments(read('deploy/kubernetes/secret.example.yaml')).map(
      (d) => d.toJS() as K8sObject,
    );
    for (const o of secrets) expect(schemaErrors(o)).toEqual([]);
  });

  it('refuses a broken object of every kind, and a kind it has no schema for', () => {
    // The validators bite: every kind rendered, with metadata that is not an object.
    for (const kind of new Set(objects.map((o) => `${o.apiVersion}/${o.kind}`))) {
      const broken = { ...clone(objects.find((o) => `${o.apiVersion}/${o.kind}` === kind)!) };
      (broken as Loose).metadata = 'broken';
      expect({ kind, refused: schemaErrors(broken).length > 0 }).toEqual({ kind, refused: true });
    }
    // Errors deeper in: a field of the wrong type, a missing required field, a value outside
    // its enum, a misspelt field of a CloudNativePG object.
    const nats = clone(named('StatefulSet', 'nats'));
    nats.spec!.replicas = 'three';
    expect(schemaErrors(nats).join()).toMatch(/spec\/replicas must be integer/);
    const gateway = clone(named('Deployment', 'gateway'));
    delete gateway.spec!.template.spec.containers[0].name;
    expect(schemaErrors(gateway).join()).toMatch(
      /spec\/template\/spec\/containers\/0 must have required property name/,
    );
    const scaled = clone(named('ScaledObject', 'dispatch'));
    scaled.spec!.triggers[0].metadata.lagThreshold = 100;
    expect(schemaErrors(scaled).join()).toMatch(/lagThreshold must be string/);
    const rule = clone(named('PrometheusRule', 'cincy-battery'));
    delete rule.spec!.groups[0].name;
    expect(schemaErrors(rule).join()).toMatch(/spec\/groups\/0 must have required property name/);
    const postgres = clone(named('Cluster', 'postgres'));
    postgres.spec!.instances = 'two';
    postgres.spec!.storage.sise = '20Gi';
    expect(schemaErrors(postgres).join('\n')).toMatch(
      /\/spec\/instances must be integer[\s\S]*\/spec\/storage must NOT have additional properties \{"additionalProperty":"sise"\}/,
    );
    const backup = clone(named('ScheduledBackup', 'postgres-daily'));
    backup.spec!.method = 'tape';
    expect(schemaErrors(backup).join()).toMatch(/\/spec\/method must be equal to one of/);
    // No schema, no pass.
    const unknown: K8sObject = {
      apiVersion: 'example.com/v1',
      kind: 'Widget',
      metadata: { name: 'w' },
    };
    expect(schemaErrors(unknown)).toEqual([
      'no schema for example.com/v1 Widget: add one to SCHEMAS',
    ]);
  });
});

describe('NATS: a cluster of three with JetStream on volumes', () => {
  it('runs three clustered servers, each with its own volume, one disruption at a time', () => {
    const nats = named('StatefulSet', 'nats').spec!;
    expect(nats.replicas).toBe(3);
    expect(nats.template.spec.containers[0].image).toBe('nats:2.10-alpine');
    const claim = nats.volumeClaimTemplates[0];
    expect(claim.spec.resources.requests.storage).toMatch(/^\d+Gi$/);
    // The claim is mounted where JetStream stores, and the config says so.
    const conf = named('ConfigMap', 'nats-config').data!['nats.conf'];
    const storeDir = /store_dir: (\S+)/.exec(conf)![1];
    expect(nats.template.spec.containers[0].volumeMounts).toContainEqual({
      name: claim.metadata.name,
      mountPath: storeDir,
    });
    // Clustered: a route to every peer through the headless Service the StatefulSet names.
    const headless = named('Service', nats.serviceName).spec!;
    expect(headless.clusterIP).toBe('None');
    expect(headless.publishNotReadyAddresses).toBe(true);
    for (let i = 0; i < 3; i++) {
      expect(conf).toContain(`nats://nats-${i}.${nats.serviceName}:6222`);
    }
    expect(conf).toMatch(/server_name: \$POD_NAME/);
    // A client Service and a budget of one server down at a time.
    expect(named('Service', 'nats').spec!.ports).toContainEqual(
      expect.objectContaining({ port: 4222 }),
    );
    const budget = named('PodDisruptionBudget', 'nats').spec!;
    expect(budget.maxUnavailable).toBe(1);
    expect(matches(budget.selector.matchLabels, nats.template.metadata.labels)).toBe(true);
  });

  it('is ready and alive by JetStream on the monitoring port', () => {
    const container = named('StatefulSet', 'nats').spec!.template.spec.containers[0];
    const monitor = container.ports.find((p: Loose) => p.name === 'monitor');
    expect(monitor.containerPort).toBe(8222);
    const probeOn = (probe: Loose) => ({
      path: probe.httpGet?.path,
      port: probe.httpGet?.port === 'monitor' ? 8222 : probe.httpGet?.port,
    });
    expect(probeOn(container.readinessProbe)).toEqual({
      path: '/healthz?js-enabled-only=true',
      port: 8222,
    });
    expect(container.livenessProbe.tcpSocket ?? probeOn(container.livenessProbe).path).toBeTruthy();
  });

  it('gives the services every server, and three copies of the stream and of each consumer', () => {
    const urls = config().NATS_URL.split(',');
    expect(urls).toEqual([0, 1, 2].map((i) => `nats://nats-${i}.nats-headless:4222`));
    expect(config().NATS_REPLICAS).toBe('3');
  });
});

describe('the Deployments', () => {
  const deployments = () => ofKind('Deployment');
  const domain = () => deployments().filter((d) => d.metadata.name !== 'gateway');

  it('runs every process', () => {
    expect(
      deployments()
        .map((d) => d.metadata.name)
        .sort(),
    ).toEqual([...PROCESSES].sort());
  });

  it('gives every container requests and limits', () => {
    const workloads = [...deployments(), ...ofKind('StatefulSet')];
    for (const w of workloads) {
      for (const c of w.spec!.template.spec.containers as Loose[]) {
        expect({
          container: `${w.metadata.name}/${c.name}`,
          requests: Object.keys(c.resources?.requests ?? {}).sort(),
          memoryLimit: typeof c.resources?.limits?.memory,
        }).toEqual({
          container: `${w.metadata.name}/${c.name}`,
          requests: ['cpu', 'memory'],
          memoryLimit: 'string',
        });
      }
    }
  });

  it('probes every service: /metrics for the domain services, /api/health and TCP for the gateway', () => {
    const metricsPort = Number(config().METRICS_PORT);
    expect(metricsPort).toBeGreaterThan(0);
    for (const d of domain()) {
      const c = d.spec!.template.spec.containers[0];
      expect(c.ports).toContainEqual({ name: 'metrics', containerPort: metricsPort });
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        expect({ service: d.metadata.name, probe, httpGet: c[probe]?.httpGet }).toEqual({
          service: d.metadata.name,
          probe,
          httpGet: { path: '/metrics', port: 'metrics' },
        });
      }
      // Longer than the 2 s a scrape-time gauge may wait.
      expect(c.livenessProbe.timeoutSeconds).toBeGreaterThan(2);
    }
    const gateway = named('Deployment', 'gateway').spec!.template.spec.containers[0];
    expect(gateway.readinessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    expect(gateway.ports).toContainEqual({ name: 'http', containerPort: 3000 });
    expect(gateway.livenessProbe.tcpSocket).toEqual({ port: 'http' });
  });

  it('rolls one new pod in before an old one goes, gives it time to drain, and budgets disruptions', () => {
    const budgets = ofKind('PodDisruptionBudget');
    for (const d of deployments()) {
      const spec = d.spec!;
      expect({ name: d.metadata.name, strategy: spec.strategy }).toEqual({
        name: d.metadata.name,
        strategy: { rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      });
      // The services drain for up to 8 s; the gateway first waits out its preStop.
      const preStop = spec.template.spec.containers[0].lifecycle?.preStop?.exec?.command;
      const waits = preStop?.[0] === 'sleep' ? Number(preStop[1]) : 0;
      expect(spec.template.spec.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(
        waits + 8 + 5,
      );
      const budget = budgets.filter((b) =>
        matches(b.spec!.selector.matchLabels, spec.template.metadata.labels),
      );
      expect({ name: d.metadata.name, budgets: budget.map((b) => b.spec!.minAvailable) }).toEqual({
        name: d.metadata.name,
        budgets: [1],
      });
    }
  });

  it('keeps two of each at least: by replicas, or by an autoscaler that owns the count', () => {
    const autoscalers = [
      ...ofKind('HorizontalPodAutoscaler').map((h) => ({
        target: h.spec!.scaleTargetRef.name,
        min: h.spec!.minReplicas,
      })),
      ...ofKind('ScaledObject').map((s) => ({
        target: s.spec!.scaleTargetRef.name,
        min: s.spec!.minReplicaCount,
      })),
    ];
    for (const d of deployments()) {
      const scaler = autoscalers.find((a) => a.target === d.metadata.name);
      // A Deployment an autoscaler owns names no count, so `kubectl apply` never resets it.
      expect({ name: d.metadata.name, replicas: d.spec!.replicas, min: scaler?.min }).toEqual(
        scaler
          ? { name: d.metadata.name, replicas: undefined, min: expect.any(Number) }
          : { name: d.metadata.name, replicas: expect.any(Number), min: undefined },
      );
      expect(d.spec!.replicas ?? scaler!.min).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('autoscaling', () => {
  it('scales the gateway on CPU, from 2 to 6 at 70 %', () => {
    const hpa = named('HorizontalPodAutoscaler', 'gateway');
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'gateway' },
      minReplicas: 2,
      maxReplicas: 6,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } },
        },
      ],
    });
  });

  it.each(['dispatch', 'notify'])(
    'scales %s with KEDA on the events its durable consumer has waiting',
    (service) => {
      const scaled = named('ScaledObject', service);
      expect(scaled.apiVersion).toBe('keda.sh/v1alpha1');
      expect(scaled.spec!.scaleTargetRef).toEqual({ name: service });
      expect([scaled.spec!.minReplicaCount, scaled.spec!.maxReplicaCount]).toEqual([2, 6]);
      expect(scaled.spec!.triggers).toHaveLength(1);
      const trigger = scaled.spec!.triggers[0];
      expect(trigger.type).toBe('nats-jetstream');
      const meta = trigger.metadata as Record<string, string>;
      expect(meta.account).toBe('$G');
      // The stream the services make, with the prefix they are given.
      expect(meta.stream).toBe(natsNames(config().NATS_PREFIX).stream);
      // A durable this service runs (libs/contracts' CONSUMERS).
      const durables = (Object.keys(CONSUMERS) as ConsumerName[])
        .filter((name) => CONSUMERS[name].service === service)
        .flatMap((name) => consumerDurables(name).map((d) => d.durable));
      expect(durables).toContain(meta.consumer);
      expect(Number(meta.lagThreshold)).toBeGreaterThan(0);
      // The monitoring port of NATS, through a Service of this namespace.
      const [host, port] = meta.natsServerMonitoringEndpoint.split(':');
      const [serviceName, namespace, ...rest] = host.split('.');
      expect([namespace, rest.join('.'), port]).toEqual([
        'cincy-battery',
        'svc.cluster.local',
        '8222',
      ]);
      expect(named('Service', serviceName).spec!.ports).toContainEqual(
        expect.objectContaining({ port: 8222 }),
      );
    },
  );
});

describe('Postgres through CloudNativePG', () => {
  it('runs a primary and a standby, with the database, daily backups to object storage', () => {
    const cluster = named('Cluster', 'postgres');
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec!.instances).toBeGreaterThanOrEqual(2);
    expect(cluster.spec!.bootstrap.initdb).toMatchObject({
      database: 'cincy_battery',
      owner: 'cincy',
    });
    const store = cluster.spec!.backup.barmanObjectStore;
    expect(store.destinationPath).toMatch(/^s3:\/\//);
    // The bucket's keys come from the Secret secret.example.yaml shows.
    const backupSecret = parseAllDocuments(read('deploy/kubernetes/secret.example.yaml'))
      .map((d) => d.toJS() as K8sObject)
      .find((s) => s.metadata.name === store.s3Credentials.accessKeyId.name)!;
    for (const ref of [store.s3Credentials.accessKeyId, store.s3Credentials.secretAccessKey]) {
      expect(ref.name).toBe(backupSecret.metadata.name);
      expect(Object.keys(backupSecret.stringData!)).toContain(ref.key);
    }
    const daily = ofKind('ScheduledBackup').filter(
      (b) => b.spec!.cluster.name === cluster.metadata.name,
    );
    expect(daily).toHaveLength(1);
    expect(daily[0].spec!.method).toBe('barmanObjectStore');
    // The operator's cron has seconds: once a day is "s m h * * *".
    expect(daily[0].spec!.schedule).toMatch(/^\d+ \d+ \d+ \* \* \*$/);
  });

  it("gives every service the operator's read-write address, from the secret it makes", () => {
    const cluster = named('Cluster', 'postgres').metadata.name;
    for (const service of SERVICES) {
      const container = named('Deployment', service).spec!.template.spec.containers[0];
      expect({ service, env: container.env }).toEqual({
        service,
        env: expect.arrayContaining([
          {
            name: 'DATABASE_URL',
            valueFrom: { secretKeyRef: { name: `${cluster}-app`, key: 'uri' } },
          },
        ]),
      });
    }
    // Our own Secret holds no database address any more.
    for (const d of parseAllDocuments(read('deploy/kubernetes/secret.example.yaml'))) {
      expect(Object.keys((d.toJS() as K8sObject).stringData!)).not.toContain('DATABASE_URL');
    }
  });
});

describe('alerts', () => {
  const alertsFile = () =>
    parse(read('deploy/prometheus/alerts.yml')) as {
      groups: { name: string; rules: { alert: string; expr: string }[] }[];
    };

  it('has the five alerts, the same in the PrometheusRule and in deploy/prometheus/alerts.yml', () => {
    const rule = named('PrometheusRule', 'cincy-battery');
    expect(rule.spec!.groups).toEqual(alertsFile().groups);
    expect(rule.spec!.groups.flatMap((g: Loose) => g.rules.map((r: Loose) => r.alert))).toEqual([
      'CincyConsumerPendingGrowing',
      'CincyGateway5xx',
      'CincyOutboxStale',
      'CincyEventsFailing',
      'CincyMessagesFailing',
    ]);
    const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as { rule_files: string[] };
    expect(prometheus.rule_files).toEqual(['alerts.yml']);
  });

  it('watches metrics the code defines, with the labels it gives them, and the dashboard charts them', () => {
    const exprs = alertsFile().groups.flatMap((g) => g.rules.map((r) => r.expr));
    const ours = metricSources();
    const used = new Set(exprs.flatMap((e) => e.match(/\bcincy_\w+/g) ?? []));
    expect([...used].sort()).toEqual([
      'cincy_consumer_pending_messages',
      'cincy_events_consumed_total',
      'cincy_http_request_duration_seconds_count',
      'cincy_messages_failed_total',
      'cincy_outbox_oldest_event_age_seconds',
    ]);
    for (const series of used) {
      const name = series.replace(/_(bucket|count|sum)$/, ''); // a histogram's series
      expect({ name, defined: ours.includes(`'${name}'`) }).toEqual({ name, defined: true });
    }
    // The labels the alerts filter on are the ones the code sets.
    expect(ours).toMatch(/labelNames: \['method', 'route', 'status'\]/);
    expect(ours).toMatch(/labelNames: \['durable', 'result'\]/);
    expect(ours).toMatch(/labelNames: \['channel'\]/);
    const results = /export type ApplyResult = ([^;]+);/.exec(
      read('libs/platform/src/messaging/event-consumer.ts'),
    )![1];
    for (const result of ['retry', 'rejected']) expect(results).toContain(`'${result}'`);
    // Each alert's metric has a panel.
    const dashboard = JSON.parse(read('deploy/grafana/cincy-battery.json')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const charted = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    for (const series of used) {
      expect({ series, charted: charted.some((e) => e.includes(series)) }).toEqual({
        series,
        charted: true,
      });
    }
    expect(charted.some((e) => /status=~"5\.\."/.test(e))).toBe(true);
  });
});
