// Path roots that pages need to build links, apart from the route table: routes.tsx imports every
// page (lazily), so a page importing routes.tsx for a root made an import cycle through the whole
// app (the certification wizard ← back-office support replay ← routes ← wizard; issue 19 §6).
export const CERTIFICATION_ROOT = '/enterpriseCertification';
