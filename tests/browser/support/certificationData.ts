// What a browser test types into the certification wizard: a company per location (CN, HK) and
// persons, each with real files for its uploads. The values pass the contract's rules (USCC check
// digit, GB 11643 identity numbers, +86 mobiles), so a test that fails here found a real problem.
import type { CompanyLocation, CompanyType, IndustryCategory } from '../../../src/contract/options';
import { idCardCheckCharacter } from '../../../src/contract/validators/mainlandIdCard';
import { jpeg, pdf, png } from '../../fixtures/files/samples';

/** A file as the browser's file chooser hands it over (Playwright's FilePayload). */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export const pngFile = (name: string): UploadFile => ({ name, mimeType: 'image/png', buffer: png(64, 48) });
export const jpegFile = (name: string): UploadFile => ({ name, mimeType: 'image/jpeg', buffer: jpeg() });
export const pdfFile = (name: string): UploadFile => ({ name, mimeType: 'application/pdf', buffer: pdf() });

export interface CompanyInfoData {
  location: Extract<CompanyLocation, 'CN' | 'HK'>;
  /** CN: unified social credit code; HK: Business Registration (BR) number. */
  licenceCode: string;
  /** HK only: Companies Registry (CR) number. */
  companiesRegistryNumber?: string;
  establishmentDate: string;
  companyNameChinese: string;
  companyNameEnglish: string;
  registeredAddressChinese: string;
  registeredAddressEnglish: string;
  /** Not asked in Hong Kong. */
  postalCode?: string;
  companyType: CompanyType;
  industry: IndustryCategory;
  website: string;
  productDescription: string;
  businessLicence: UploadFile;
}

export function companyInfo(location: CompanyInfoData['location']): CompanyInfoData {
  if (location === 'HK') {
    return {
      location,
      licenceCode: '12345678',
      companiesRegistryNumber: '1234567',
      establishmentDate: '2018-03-15',
      companyNameChinese: '香港示例贸易有限公司',
      companyNameEnglish: 'Hong Kong Example Trading Limited',
      registeredAddressChinese: '香港中环皇后大道中99号',
      registeredAddressEnglish: "99 Queen's Road Central, Central, Hong Kong",
      companyType: 'limitedCompany',
      industry: 'goodsProcurement',
      website: 'https://example.hk',
      productDescription: 'Sourcing of household goods for overseas retailers.',
      businessLicence: pdfFile('br-certificate.pdf'),
    };
  }
  return {
    location,
    licenceCode: '91350100M000100Y43',
    establishmentDate: '2015-06-01',
    companyNameChinese: '福州示例贸易有限公司',
    companyNameEnglish: 'Fuzhou Example Trading Co., Ltd.',
    registeredAddressChinese: '福建省福州市鼓楼区五四路88号',
    registeredAddressEnglish: 'No. 88 Wusi Road, Gulou District, Fuzhou',
    postalCode: '350001',
    companyType: 'limitedLiabilityCompany',
    industry: 'crossBorderEcommerce',
    website: 'https://example.com',
    productDescription: 'Consumer electronics sold online to overseas buyers.',
    businessLicence: pngFile('营业执照.png'),
  };
}

export interface PersonData {
  /** ISO country code (the option value of the nationality list). */
  nationality: string;
  /** A mainland identity card; its photos go into the front and back uploads. */
  idCardNumber: string;
  surnameChinese: string;
  givenNameChinese: string;
  surnameEnglish: string;
  givenNameEnglish: string;
  residenceAddress: string;
  mobileAreaCode: string;
  mobile: string;
  shareholdingRatio: number;
  files: { idFront: UploadFile; idBack: UploadFile; proofOfAddress: UploadFile };
}

/** A mainland identity card number with a correct GB 11643 check character. */
export function mainlandIdNumber(first17: string): string {
  const check = idCardCheckCharacter(first17);
  if (!check) throw new Error(`not 17 digits: ${first17}`);
  return first17 + check;
}

const PEOPLE = {
  director: { first17: '11010519491231002', chinese: ['张', '伟'], english: ['Zhang', 'Wei'] },
  beneficiary: { first17: '35010219800512003', chinese: ['陈', '静'], english: ['Chen', 'Jing'] },
  authorizer: { first17: '44030419900101123', chinese: ['李', '娜'], english: ['Li', 'Na'] },
} as const;

/** A mainland national; the file names carry `role` so a test can tell whose upload it sees. */
export function mainlandPerson(role: keyof typeof PEOPLE, shareholdingRatio: number): PersonData {
  const who = PEOPLE[role];
  return {
    nationality: 'CN',
    idCardNumber: mainlandIdNumber(who.first17),
    surnameChinese: who.chinese[0],
    givenNameChinese: who.chinese[1],
    surnameEnglish: who.english[0],
    givenNameEnglish: who.english[1],
    residenceAddress: `No. ${shareholdingRatio + 1} Jianguo Road, Chaoyang District, Beijing`,
    mobileAreaCode: '+86',
    mobile: '13800138000',
    shareholdingRatio,
    files: {
      idFront: pngFile(`${role}-id-front.png`),
      idBack: jpegFile(`${role}-id-back.jpg`),
      proofOfAddress: pdfFile(`${role}-proof-of-address.pdf`),
    },
  };
}
