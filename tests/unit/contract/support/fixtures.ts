// Valid form values; each test breaks one thing in a copy.
export const FILE_IDS = {
  a: '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
  b: '0b9a8f7e-6d5c-4b3a-8f1e-2d3c4b5a6978',
  c: 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f',
  d: '9d8c7b6a-5f4e-4d3c-a2b1-0f9e8d7c6b5a',
} as const;

export function validRegistration() {
  return {
    firstName: 'San',
    lastName: 'Zhang',
    location: 'CN',
    companyName: 'Acme Trading Limited',
    position: 'manager',
    email: 'zhang.san@example.com',
    phoneAreaCode: null as string | null,
    phone: '',
    password: 'Passw0rd!',
    confirmPassword: 'Passw0rd!',
    invitationCode: '',
    serviceAgreement: true as boolean,
  };
}

function commonCompanyInfo() {
  return {
    establishmentDate: '2015-03-18',
    companyNameEnglish: 'Acme Trading Limited',
    registeredAddressEnglish: '88 Jianguo Road, Chaoyang District, Beijing',
    companyType: 'limitedLiabilityCompany',
    industry: 'crossBorderEcommerce',
    website: 'https://www.example.com',
    productDescription: 'Sells household goods on cross-border marketplaces.',
    operatingAddress: { sameAsRegistered: true } as Record<string, unknown>,
    businessLicenseFileId: FILE_IDS.a,
  };
}

export function validCompanyInfo(location: 'CN' | 'HK' | 'SG' | 'US' | 'GB'): Record<string, unknown> {
  const common = commonCompanyInfo();
  switch (location) {
    case 'CN':
      return {
        location,
        ...common,
        companyNameChinese: '北京艾克美贸易有限公司',
        registeredAddressChinese: '北京市朝阳区建国路88号',
        businessLicenseCode: '91350100M000100Y43',
        organizationCode: '',
        postalCode: '100022',
      };
    case 'HK':
      return { location, ...common, businessLicenseCode: '12345678', companiesRegistryNumber: '2345678' };
    case 'SG':
      return {
        location,
        ...common,
        businessLicenseCode: '201912345K',
        acraNumber: '201912345K',
        postalCode: '018956',
      };
    case 'US':
      return { location, ...common, businessLicenseCode: 'C4512345', postalCode: '94105-1804' };
    case 'GB':
      return { location, ...common, businessLicenseCode: '00445790', postalCode: 'SW1A 1AA' };
  }
}

export function validPerson(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nationality: 'CN',
    document: {
      type: 'idCard',
      number: '11010519491231002X',
      frontFileId: FILE_IDS.a,
      backFileId: FILE_IDS.b,
    },
    surnameChinese: '张',
    givenNameChinese: '三',
    surnameEnglish: 'Zhang',
    givenNameEnglish: 'San',
    residenceAddress: '北京市朝阳区建国路88号',
    mobileAreaCode: '+86',
    mobile: '13800138000',
    shareholdingRatio: 30,
    proofOfAddressFileId: FILE_IDS.c,
    ...overrides,
  };
}

export function passportHolder(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return validPerson({
    nationality: 'GB',
    document: {
      type: 'passport',
      number: '123456789',
      photoPageFileId: FILE_IDS.a,
      signaturePageFileId: FILE_IDS.b,
    },
    surnameChinese: '',
    givenNameChinese: '',
    surnameEnglish: 'Smith',
    givenNameEnglish: 'Mary Ann',
    residenceAddress: '10 Downing Street, London',
    mobileAreaCode: '+44',
    mobile: '7700900123',
    ...overrides,
  });
}
