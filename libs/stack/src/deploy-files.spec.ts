import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { metricSources } from './metric-sources';
import { PROCESSES, processMain, REPO_ROOT } from './processes';

// docker-compose.yml and deploy/kubernetes run every process of the stack, with replicas, the
// configuration each needs and a gateway that is only ready when the stack answers.
// Parsed YAML, read the way the tools read it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

interface Manifest {
  kind: string;
  metadata: { name: string };
  spec?: Loose;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const kubernetes = 'deploy/kubernetes';
const manifests = (file: string): Manifest[] =>
  parseAllDocuments(read(path.join(kubernetes, file))).map((d) => d.toJS() as Manifest);

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true }) as {
    services: Record<string, Loose>;
  };

  it('runs every process, the gateway and dispatch twice, behind one proxy', () => {
    for (const name of PROCESSES) {
      expect(compose.services[name]?.command).toEqual(['node', processMain(name)]);
    }
    expect(compose.services.gateway.deploy.replicas).toBeGreaterThanOrEqual(2);
    expect(compose.services.dispatch.deploy.replicas).toBeGreaterThanOrEqual(2);
    // Replicas cannot each publish the port: only the proxy does.
    expect(compose.services.gateway.ports).toBeUndefined();
    expect(compose.services.proxy.ports).toEqual(['${PORT:-3000}:8080']);
    expect(compose.services.proxy.volumes).toEqual([
      './deploy/nginx.conf:/etc/nginx/nginx.conf:ro',
    ]);
  });

  it('gives the gateways one cookie key and trusts the proxy', () => {
    const env = compose.services.gateway.environment;
    expect(env.COOKIE_SECRET).toMatch(/^\$\{COOKIE_SECRET:-.{16,}\}$/);
    expect(env.TRUST_PROXY).toBe('true');
    for (const name of PROCESSES) {
      expect(compose.services[name].environment).toMatchObject({
        DATABASE_URL: expect.any(String),
        NATS_URL: 'nats://nats:4222',
      });
    }
  });

  it("proxies to every gateway with WebSocket upgrades and the browser's host", () => {
    const nginx = read('deploy/nginx.conf');
    expect(nginx).toMatch(/set \$gateway http:\/\/gateway:3000;/);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_set_header Host \$http_host;/); // with the port: Origin check
    expect(nginx).toMatch(/listen 8080;/);
  });
});

describe('deploy/kubernetes', () => {
  const kustomization = parse(read(path.join(kubernetes, 'kustomization.yaml'))) as {
    resources: string[];
  };
  const all = kustomization.resources.flatMap(manifests);
  const deployment = (name: string) =>
    all.find((m) => m.kind === 'Deployment' && m.metadata.name === name);

  it('lists only files that exist, and no secret', () => {
    for (const file of kustomization.resources) {
      expect(existsSync(path.join(REPO_ROOT, kubernetes, file))).toBe(true);
    }
    expect(all.some((m) => m.kind === 'Secret')).toBe(false);
  });

  // The gateway's HorizontalPodAutoscaler and the ScaledObjects of dispatch and notify own their
  // counts (autoscaling.yaml); the other Deployments name theirs.
  const minReplicas = (name: string): number | undefined =>
    all.find((m) => m.kind === 'HorizontalPodAutoscaler' && m.spec?.scaleTargetRef.name === name)
      ?.spec?.minReplicas ??
    all.find((m) => m.kind === 'ScaledObject' && m.spec?.scaleTargetRef.name === name)?.spec
      ?.minReplicaCount ??
    deployment(name)?.spec?.replicas;

  it('runs every process, two of each at least, with time to drain', () => {
    for (const name of PROCESSES) {
      const spec = deployment(name)?.spec;
      expect({ name, replicas: minReplicas(name) }).toEqual({
        name,
        replicas: expect.any(Number),
      });
      expect(minReplicas(name)).toBeGreaterThanOrEqual(2);
      const pod = spec?.template.spec;
      expect(pod.containers[0].command).toEqual(['node', processMain(name)]);
      expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(15);
      expect(pod.securityContext.runAsNonRoot).toBe(true);
      expect(pod.containers[0].envFrom).toEqual([
        { configMapRef: { name: 'cincy-battery' } },
        { secretRef: { name: 'cincy-battery' } },
      ]);
    }
  });

  it('calls the gateway ready only when GET /api/health answers, and routes the ingress to it', () => {
    const gateway = deployment('gateway')!.spec!.template.spec.containers[0];
    expect(gateway.readinessProbe.httpGet).toEqual({ path: '/api/health', port: 'http' });
    expect(gateway.livenessProbe.httpGet).toBeUndefined(); // a service down must not restart it
    const service = all.find((m) => m.kind === 'Service' && m.metadata.name === 'gateway');
    const ingress = all.find((m) => m.kind === 'Ingress');
    const backend = ingress!.spec!.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe(service!.metadata.name);
    expect(service!.spec!.ports.map((p: { name: string }) => p.name)).toContain(backend.port.name);
  });

  it('provides every variable the services require: shared ones in the ConfigMap, secrets in Secrets', () => {
    const config = all.find(
      (m) => m.kind === 'ConfigMap' && m.metadata.name === 'cincy-battery',
    )!.data!;
    expect(Object.keys(config)).toEqual(
      expect.arrayContaining(['NATS_URL', 'NATS_REPLICAS', 'METRICS_PORT', 'TRUST_PROXY']),
    );
    const secret = manifests('secret.example.yaml')[0];
    expect(secret.metadata.name).toBe('cincy-battery');
    expect(Object.keys(secret.stringData!)).toEqual(
      expect.arrayContaining(['COOKIE_SECRET', 'SEED_ADMIN_PASSWORD']),
    );
    // The database address is the one CloudNativePG makes (postgres.yaml), for every service.
    for (const name of PROCESSES.filter((p) => p !== 'gateway')) {
      expect(deployment(name)!.spec!.template.spec.containers[0].env).toContainEqual({
        name: 'DATABASE_URL',
        valueFrom: { secretKeyRef: { name: 'postgres-app', key: 'uri' } },
      });
    }
  });
});

describe('metrics: scrape config and dashboard', () => {
  const prometheus = parse(read('deploy/prometheus/prometheus.yml')) as {
    scrape_configs: Loose[];
  };
  const dashboard = JSON.parse(read('deploy/grafana/cincy-battery.json')) as {
    panels: { type: string; targets?: { expr: string }[] }[];
  };
  const config = manifests('config.yaml')[0].data!;
  const pods = ['services.yaml', 'gateway.yaml']
    .flatMap(manifests)
    .filter((m) => m.kind === 'Deployment');

  it('gives every pod a metrics port that its annotations and the scrape config name', () => {
    expect(pods.map((p) => p.metadata.name).sort()).toEqual([...PROCESSES].sort());
    for (const pod of pods) {
      const template = pod.spec!.template;
      expect(template.metadata.annotations).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': config.METRICS_PORT,
      });
      expect(template.spec.containers[0].ports).toContainEqual({
        name: 'metrics',
        containerPort: Number(config.METRICS_PORT),
      });
    }
    const kubernetesJob = prometheus.scrape_configs.find((j) => j.kubernetes_sd_configs)!;
    expect(kubernetesJob.kubernetes_sd_configs[0].namespaces.names).toEqual(['cincy-battery']);
    const keep = kubernetesJob.relabel_configs.find((r: Loose) => r.action === 'keep');
    expect(keep.source_labels).toEqual(['__meta_kubernetes_pod_annotation_prometheus_io_scrape']);
    // Compose: every process, on the port its environment names.
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, Loose>;
    };
    const composeJob = prometheus.scrape_configs.find((j) => j.dns_sd_configs)!;
    expect([...composeJob.dns_sd_configs[0].names].sort()).toEqual([...PROCESSES].sort());
    for (const name of PROCESSES) {
      expect(String(compose.services[name].environment.METRICS_PORT)).toBe(
        String(composeJob.dns_sd_configs[0].port),
      );
    }
  });

  it('charts only metrics the code defines', () => {
    const exprs = dashboard.panels.flatMap((p) => p.targets ?? []).map((t) => t.expr);
    const used = new Set(exprs.flatMap((e) => e.match(/\b(?:cincy|process|nodejs)_\w+/g) ?? []));
    const ours = metricSources();
    // The default process metrics are prom-client's own (collectDefaultMetrics).
    const promClient = path.dirname(
      require.resolve('prom-client/package.json', {
        paths: [path.join(REPO_ROOT, 'libs/platform')],
      }),
    );
    const defaultsDir = path.join(promClient, 'lib/metrics');
    const defaults = readdirSync(defaultsDir)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(path.join(defaultsDir, file), 'utf8'))
      .join('\n');
    expect(used.size).toBeGreaterThan(10);
    for (const series of used) {
      const name = series.replace(/_(bucket|count|sum)$/, '');
      const source = name.startsWith('cincy_') ? ours : defaults;
      expect({ name, defined: source.includes(`'${name}'`) }).toEqual({ name, defined: true });
    }
  });
});
