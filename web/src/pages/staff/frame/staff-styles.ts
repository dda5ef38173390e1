// antd's prebuilt component styles, for the zero-runtime theme (staff-theme.ts): loaded with the
// staff chunks only, never by a public page.
import 'antd/dist/antd.css';
