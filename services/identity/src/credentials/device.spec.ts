import { describeDevice, describePlace } from './device';

describe('describeDevice', () => {
  it('names the browser, its major version and the system', () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36';
    expect(describeDevice(android)).toBe('Chrome 131 on Android');
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    expect(describeDevice(iphone)).toBe('Safari 17 on iOS');
  });

  it('says so when the browser sent nothing', () => {
    expect(describeDevice('')).toBe('Unknown browser');
  });
});

describe('describePlace', () => {
  it('tells this computer and the local network apart from the internet', () => {
    expect(describePlace('127.0.0.1')).toBe('This computer (local)');
    expect(describePlace('::ffff:127.0.0.1')).toBe('This computer (local)');
    expect(describePlace('192.168.1.20')).toBe('Local network');
    expect(describePlace('10.0.0.5')).toBe('Local network');
  });

  it('names an internet address by its network, never the whole address', () => {
    expect(describePlace('203.0.113.77')).toBe('Network 203.0.113.x');
    expect(describePlace('2001:db8:85a3::8a2e:370:7334')).toBe('Network 2001:db8:85a3::');
    expect(describePlace('not an address')).toBe('Unknown network');
  });
});
