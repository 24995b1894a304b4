import { CustomerDataActions as CustomerDataActions_acfdb4a4b5e7c97d935ccc4c75ae016b } from '../../../../src/components/admin/customers/CustomerDataActions'
import { OrderCountCell as OrderCountCell_578e378bb72703bee5220f4f8b75d80d } from '../../../../src/components/admin/customers/OrderCountCell'
import { OtherLanguageValue as OtherLanguageValue_0c97dc506e4c6ef1a01e4f379e611142 } from '../../../../src/components/admin/catalog/OtherLanguageValue'
import { SendToFollowersField as SendToFollowersField_cf252092c89fc8bb638b89024b1e1bd2 } from '../../../../src/components/admin/followers/SendToFollowersField'
import { DownloadCodesField as DownloadCodesField_4bdf0e670645e67482cf2b502572a40d } from '../../../../src/components/admin/download-codes/DownloadCodesField'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { RelationshipFeatureClient as RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ChecklistFeatureClient as ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { IndentFeatureClient as IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { AlignFeatureClient as AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { InlineCodeFeatureClient as InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SuperscriptFeatureClient as SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { SubscriptFeatureClient as SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlocksFeatureClient as BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { CustomerCell as CustomerCell_2aab5dc76fc08029262a5321759216f4 } from '../../../../src/components/admin/orders/CustomerCell'
import { StatusCell as StatusCell_bd1998b02a10c216531c5b6d6dd9b9fc } from '../../../../src/components/admin/orders/StatusCell'
import { StatusField as StatusField_533fb583c1fb3de93a24bc3e3326ab70 } from '../../../../src/components/admin/orders/StatusField'
import { StatusHistoryField as StatusHistoryField_74f15dde75b5cc59ba1fb60acc30015b } from '../../../../src/components/admin/orders/StatusHistoryField'
import { DueDateCell as DueDateCell_2582e441ba77149c879edfeb3c11bce4 } from '../../../../src/components/admin/orders/DueDateCell'
import { ReadOnlyValueField as ReadOnlyValueField_5fb5166f88e0186d61e224a57de77776 } from '../../../../src/components/admin/orders/ReadOnlyValueField'
import { ChoiceCell as ChoiceCell_25e32eedfaa684d5a887a1ede98e7b26 } from '../../../../src/components/admin/orders/ChoiceCell'
import { OrderFilesField as OrderFilesField_ad741ba7632b977760ee9850b80cfdc5 } from '../../../../src/components/admin/orders/OrderFilesField'
import { DeliverSongField as DeliverSongField_fe3f5a578c4cdab8e6b209e34f38fb88 } from '../../../../src/components/admin/orders/DeliverSongField'
import { InvoiceLinksField as InvoiceLinksField_83fde22f02815c29f7c98038af3b98da } from '../../../../src/components/admin/orders/InvoiceLinksField'
import { OrderStatusFilters as OrderStatusFilters_6ffdf42726728bdcb0ff40d9e7d6c229 } from '../../../../src/components/admin/orders/OrderStatusFilters'
import { ResendMailButton as ResendMailButton_e272f9f2c030db4b7b51976305486195 } from '../../../../src/components/admin/ResendMailButton'
import { CustomersNavLink as CustomersNavLink_dd991d6d8619f4a63ecec501c908a4b3 } from '../../../../src/components/admin/customers/CustomersNavLink'
import { S3ClientUploadHandler as S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24 } from '@payloadcms/storage-s3/client'
import { Dashboard as Dashboard_db10505c79b76cce7267e9799106ced2 } from '../../../../src/components/admin/dashboard/Dashboard'
import { SellerOnlyView as SellerOnlyView_57ac83d248837c012bc98b26faec427d } from '../../../../src/components/admin/SellerOnlyView'
import { FollowerImportView as FollowerImportView_1e4be9e58d58760aa0f43eb437198e81 } from '../../../../src/components/admin/followers/FollowerImportView'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/src/components/admin/customers/CustomerDataActions#CustomerDataActions": CustomerDataActions_acfdb4a4b5e7c97d935ccc4c75ae016b,
  "/src/components/admin/customers/OrderCountCell#OrderCountCell": OrderCountCell_578e378bb72703bee5220f4f8b75d80d,
  "/src/components/admin/catalog/OtherLanguageValue#OtherLanguageValue": OtherLanguageValue_0c97dc506e4c6ef1a01e4f379e611142,
  "/src/components/admin/followers/SendToFollowersField#SendToFollowersField": SendToFollowersField_cf252092c89fc8bb638b89024b1e1bd2,
  "/src/components/admin/download-codes/DownloadCodesField#DownloadCodesField": DownloadCodesField_4bdf0e670645e67482cf2b502572a40d,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#RelationshipFeatureClient": RelationshipFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ChecklistFeatureClient": ChecklistFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#IndentFeatureClient": IndentFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#AlignFeatureClient": AlignFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#InlineCodeFeatureClient": InlineCodeFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SuperscriptFeatureClient": SuperscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#SubscriptFeatureClient": SubscriptFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlocksFeatureClient": BlocksFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/src/components/admin/orders/CustomerCell#CustomerCell": CustomerCell_2aab5dc76fc08029262a5321759216f4,
  "/src/components/admin/orders/StatusCell#StatusCell": StatusCell_bd1998b02a10c216531c5b6d6dd9b9fc,
  "/src/components/admin/orders/StatusField#StatusField": StatusField_533fb583c1fb3de93a24bc3e3326ab70,
  "/src/components/admin/orders/StatusHistoryField#StatusHistoryField": StatusHistoryField_74f15dde75b5cc59ba1fb60acc30015b,
  "/src/components/admin/orders/DueDateCell#DueDateCell": DueDateCell_2582e441ba77149c879edfeb3c11bce4,
  "/src/components/admin/orders/ReadOnlyValueField#ReadOnlyValueField": ReadOnlyValueField_5fb5166f88e0186d61e224a57de77776,
  "/src/components/admin/orders/ChoiceCell#ChoiceCell": ChoiceCell_25e32eedfaa684d5a887a1ede98e7b26,
  "/src/components/admin/orders/OrderFilesField#OrderFilesField": OrderFilesField_ad741ba7632b977760ee9850b80cfdc5,
  "/src/components/admin/orders/DeliverSongField#DeliverSongField": DeliverSongField_fe3f5a578c4cdab8e6b209e34f38fb88,
  "/src/components/admin/orders/InvoiceLinksField#InvoiceLinksField": InvoiceLinksField_83fde22f02815c29f7c98038af3b98da,
  "/src/components/admin/orders/OrderStatusFilters#OrderStatusFilters": OrderStatusFilters_6ffdf42726728bdcb0ff40d9e7d6c229,
  "/src/components/admin/ResendMailButton#ResendMailButton": ResendMailButton_e272f9f2c030db4b7b51976305486195,
  "/src/components/admin/customers/CustomersNavLink#CustomersNavLink": CustomersNavLink_dd991d6d8619f4a63ecec501c908a4b3,
  "@payloadcms/storage-s3/client#S3ClientUploadHandler": S3ClientUploadHandler_f97aa6c64367fa259c5bc0567239ef24,
  "/src/components/admin/dashboard/Dashboard#Dashboard": Dashboard_db10505c79b76cce7267e9799106ced2,
  "/src/components/admin/SellerOnlyView#SellerOnlyView": SellerOnlyView_57ac83d248837c012bc98b26faec427d,
  "/src/components/admin/followers/FollowerImportView#FollowerImportView": FollowerImportView_1e4be9e58d58760aa0f43eb437198e81,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
