// OnavError, the last argument of every call: the status, the versions of
// a version error and the NUL-terminated UTF-8 message, laid out as in
// onav.h so it is passed by reference without marshalling.
using System.Runtime.InteropServices;
using System.Text;

namespace Onav
{
    [StructLayout(LayoutKind.Sequential)]
    internal unsafe struct NativeError
    {
        internal const int MessageLength = 512;

        internal int Status;
        internal ushort FoundVersion;
        internal ushort ExpectedVersion;
        internal fixed byte Message[MessageLength];

        internal string MessageText()
        {
            fixed (byte* bytes = Message)
            {
                int length = 0;
                while (length < MessageLength && bytes[length] != 0) length++;
                return Encoding.UTF8.GetString(bytes, length);
            }
        }
    }
}
